"""Read the document a spec's `base:` names: another spec, a game XML, or a game of a map folder or zip.

    base: classic.xml                                  # a game XML, relative to the spec
    base: {map: ../maps/world_war_ii_classic, game: World War II Classic}
    base: my_variant.yaml                              # a spec (its own `base:` applies first)

A spec base is read here; a game is imported by the reader the importer registers
(compiler/lift/base.py), since importing a game is a layer above the spec language. Every failure is a
located problem at the `base:` line: a missing file, an unknown game, a base that is its own base.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compiler.limits import read_text
from compiler.problems import InputError, Location, Problem, ProblemsFound
from compiler.spec.base import BASE, CODE, Document, apply_base
from compiler.yamlread import read_yaml
from compiler.yamltext import double_quoted

SPEC_SUFFIXES = (".yaml", ".yml")
GameReader = Callable[[Path, "str | None", Location], Document]
"""(a game XML, map folder or zip; the game's name or None; where `base:` names it) -> its imported spec"""

_game_readers: list[GameReader] = []
_reading: list[str] = []  # the spec bases being read, innermost last: a base that is its own base is an error


def register_game_reader(reader: GameReader) -> None:
    """Let `base:` name games: `reader` imports one (the importer registers itself)."""
    if reader not in _game_readers:
        _game_readers.append(reader)


def _fail(message: str, where: Location) -> ProblemsFound:
    return ProblemsFound([Problem(CODE, message, where)])


def _relative(name: Any, spec_path: str, where: Location, what: str) -> Path:
    if not isinstance(name, str) or not name.strip():
        raise _fail(f"base: {what} must be a path (text), not {name!r}", where)
    target = Path(name)
    if target.is_absolute():
        return target
    folder = Path(spec_path).parent if spec_path and not spec_path.startswith("<") else Path()
    return Path(os.path.normpath(folder / target))


def read_base(value: Any, where: Location, spec_path: str) -> Document:
    """The document `base: value` (written at `where` in the spec at `spec_path`) names."""
    game: str | None = None
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"map", "game"})
        if unknown or "map" not in value:
            raise _fail("base: a path, or {map: FOLDER_OR_ZIP, game: GAME NAME}" +
                        (f"; unknown key {unknown[0]!r}" if unknown else ""), where)
        game = value.get("game")
        if game is not None and not isinstance(game, str):
            raise _fail(f"base: game must be a game's name (text), not {game!r}", where)
        target = _relative(value["map"], spec_path, where, "map")
    else:
        target = _relative(value, spec_path, where, "the base")
    try:
        found = target.exists()
    except (OSError, ValueError):  # a name the system cannot look up (too long, a NUL)
        found = False
    if not found:
        written = value["map"] if isinstance(value, dict) else value
        raise _fail(f"base: {written} not found (at {target}): the base game of this variant is missing (a path "
                    "is relative to the spec's folder)", where)
    if game is None and target.suffix.lower() in SPEC_SUFFIXES:
        return _read_spec_base(target, where)
    if not _game_readers:
        raise _fail("base: reading a game needs the importer (import compiler.lift.base first)", where)
    return _game_readers[-1](target, game, where)


def _read_spec_base(target: Path, where: Location) -> Document:
    shown = str(target)
    resolved = str(target.resolve())
    if resolved in _reading:
        raise _fail(f"base: {shown} is its own base (through {len(_reading)} spec(s))", where)
    try:
        text = read_text(target, "spec")
    except InputError as exc:
        raise _fail(f"base: {exc.message}", where) from None
    data, positions = read_yaml(text, shown)
    if not isinstance(data, dict):
        raise _fail(f"base: {shown} is not a spec (a mapping of sections)", where)
    if BASE not in data:
        return Document(data, positions)
    _reading.append(resolved)
    try:
        merged, placed = apply_base(Document(data, positions), shown, read_base)
    finally:
        _reading.pop()
    return Document(merged, placed)




def absolute_base(text: str, spec_path: Path) -> str:
    """The spec text with its `base:` path made absolute (as read from `spec_path`), so that a copy of the
    spec in another folder names the same base; the text unchanged without `base:`. The `base:` entry is
    written again on one line where it stood (a comment between it and the next key goes with it)."""
    data, positions = read_yaml(text, str(spec_path))
    if not isinstance(data, dict) or BASE not in data:
        return text
    value = data[BASE]
    folder = spec_path.parent
    if isinstance(value, dict):
        shown = "{" + ", ".join(f"{k}: {double_quoted(str((folder / v).resolve()) if k == 'map' else str(v))}"
                                for k, v in value.items()) + "}"
    else:
        shown = double_quoted(str((folder / str(value)).resolve()))
    first = positions.at[(BASE,)][0]
    after = [positions.at[(key,)][0] for key in data if positions.at[(key,)][0] > first]
    lines = text.split("\n")
    end = min(after) - 1 if after else len(lines)
    return "\n".join([*lines[:first - 1], f"{BASE}: {shown}", *lines[end:]])
