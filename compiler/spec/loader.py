"""Load a YAML spec into the pydantic models, keeping line:column of every node.

The text is read by the one YAML reader (compiler/yamlread.py, YAML 1.2). Every failure is a located
Problem: YAML syntax, duplicate keys, an empty file, an unknown key, a wrong type, or a `board_game:`
reference that does not resolve. A spec with `base:` is its changes applied to that base
(compiler/spec/base.py) before it is validated. Nothing raises a traceback for bad input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from compiler.limits import read_text
from compiler.problems import Location, Problem, ProblemsFound
from compiler.spec.base import BASE, REMOVE, Document, apply_base
from compiler.spec.base import CODE as BASE_CODE
from compiler.spec.base_source import read_base
from compiler.spec.board_game import BOARD_GAME_CODE, BoardGame, cross_check, dotted
from compiler.spec.models import Spec, SpecNode
from compiler.yamlread import KeyPath, Positions, read_yaml

Model = TypeVar("Model", bound=BaseModel)


def _data_path(data: Any, loc: tuple[Any, ...]) -> KeyPath:
    """A pydantic error location reduced to the keys and indexes that exist in the data."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and str(part) in node:
            path.append(str(part))
            node = node[str(part)]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
    return tuple(path)


def _message(error: ErrorDetails, path: KeyPath) -> str:
    """The error in words, naming the key it is about (the value's own key: not a union member's name)."""
    kind = error["type"]
    field = error["loc"][-1] if error["loc"] else "spec"
    if kind == "extra_forbidden":
        return f"unknown key '{field}'"
    if kind == "missing":
        return f"missing required key '{field}'"
    return f"'{path[-1] if path else 'spec'}': {error['msg']}"


_SCALARS = (str, int, float, bool, type(None))


def _attach(model: Any, path: KeyPath, positions: Positions) -> None:
    """Give every SpecNode in the validated tree its YAML location."""
    if type(model) in _SCALARS:  # most values: nothing to give a location to
        return
    if isinstance(model, SpecNode):
        model._loc = positions.nearest(path)
        for name, field in type(model).model_fields.items():
            key = field.alias if field.alias and (*path, field.alias) in positions.at else name
            _attach(getattr(model, name), (*path, key), positions)
    elif isinstance(model, dict):
        for key, value in model.items():
            _attach(value, (*path, str(key)), positions)
    elif isinstance(model, list):
        for index, value in enumerate(model):
            _attach(value, (*path, index), positions)


def validate_data(data: Any, positions: Positions, model: type[Model],
                  context: dict[str, Any] | None = None) -> Model:
    """Validate plain data against a spec model; raise ProblemsFound with every located error."""
    try:
        result = model.model_validate(data, context=context)
    except ValidationError as exc:
        problems: list[Problem] = []
        seen: set[tuple[Location, str]] = set()
        errors = [(e, _data_path(data, e["loc"])) for e in exc.errors()]
        for error, path in errors:
            if _is_union_noise(error, path, errors):
                continue
            loc = positions.nearest(path)
            message = _message(error, path)
            if (loc, message) in seen:
                continue
            seen.add((loc, message))
            problems.append(Problem("spec-schema", message, loc))
        raise ProblemsFound(_drop_union_noise(problems)) from None
    _attach(result, (), positions)
    return result


def _is_union_noise(error: ErrorDetails, path: KeyPath, errors: list[tuple[ErrorDetails, KeyPath]]) -> bool:
    """A type mismatch against one union member while another member explains the problem better."""
    if not str(error["type"]).endswith("_type"):
        return False
    return any(other is not error and not str(other["type"]).endswith("_type") and p[: len(path)] == path
               for other, p in errors)


def _drop_union_noise(problems: list[Problem]) -> list[Problem]:
    """Keep one message per location when union alternatives each complained."""
    best: dict[Location, Problem] = {}
    for problem in problems:
        current = best.get(problem.location)
        if current is None or ("unknown key" in problem.message and "unknown key" not in current.message):
            best[problem.location] = problem
    return list(best.values())


# What XML 1.0 cannot hold (its Char production): a game written with one of these does not parse.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _unwritable(data: Any, where: KeyPath = ()) -> Iterator[tuple[KeyPath, str]]:
    """(key path, the text) of every key and text in `data` holding a character XML 1.0 cannot hold."""
    if isinstance(data, str):
        if _NOT_XML.search(data):
            yield where, data
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and _NOT_XML.search(key):
                yield (*where, key), key
            yield from _unwritable(value, (*where, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _unwritable(value, (*where, i))


def load_spec_text(text: str, path: str = "<spec>") -> Spec:
    """Load a spec from YAML text; raise InputError or ProblemsFound with locations."""
    data, positions = read_yaml(text, path)
    if isinstance(data, dict) and BASE in data:  # a variant: its changes applied to the base game
        data, positions = apply_base(Document(data, positions), path, read_base)
    elif isinstance(data, dict) and REMOVE in data:
        raise ProblemsFound([Problem(BASE_CODE, "remove: removes from a base game: the spec names none (base:)",
                                     positions.nearest((REMOVE,)))])
    unwritable = [Problem("spec-schema", f"{dotted(where) or 'the spec'}: {shown!r} holds a character a game XML "
                                         "cannot hold (a control character, U+FFFE or U+FFFF): TripleA could not "
                                         "read the game", positions.nearest(where))
                  for where, shown in _unwritable(data)]
    if unwritable:
        raise ProblemsFound(unwritable)
    if data is None:
        raise ProblemsFound([Problem("spec-empty", "the spec is empty: it needs at least game, players and territories",
                                     Location(path, 1, 1))])
    if not isinstance(data, dict):
        raise ProblemsFound([Problem("spec-schema", "a spec is a mapping of sections (game:, players:, ...)",
                                     Location(path, 1, 1))])
    spec = validate_data(data, positions, Spec, context={"defer_cross_check": True})
    if spec.board_game is not None:
        found = [Problem(BOARD_GAME_CODE, f"{dotted(where)}: {message}", positions.nearest(("board_game", *where)))
                 for where, message in cross_check(spec.board_game)]
        if found:
            raise ProblemsFound(found)
    spec._positions = positions
    return spec


def load_spec(path: str | Path) -> Spec:
    """Load a spec file; raise InputError when unreadable, ProblemsFound when invalid."""
    text = read_text(path, "spec")
    return load_spec_text(text, str(path))


def load_board_game(path: str | Path) -> BoardGame:
    """The `board_game:` section of the spec file at `path` (the whole spec is loaded and validated);
    raise InputError when unreadable, ProblemsFound when invalid or without the section."""
    spec = load_spec(path)
    if spec.board_game is None:
        raise ProblemsFound([Problem(BOARD_GAME_CODE, "the spec has no top-level `board_game:` section",
                                     Location(str(path), 1, 1))])
    return spec.board_game
