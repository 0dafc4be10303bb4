"""Installing a compiled game into a map folder: what changes (a plan), then all of it at once.

The plan puts the game XML in the map's games folder (named after the spec, as `compile -o` names it),
the game's entry in map.yml (compiler/install/map_yml_entry) and a stub line for every text the game needs
and the map's .properties files lack (compiler/install/texts_needed). Only files whose bytes change are in
it: installing the same game again changes nothing. A game XML of that name (in any case: Windows and macOS
do not tell them apart) that triplea-compiler did not write is the author's: the install is refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from compiler.install.map_yml_entry import GameEntry, new_map_yml, with_game
from compiler.install.staging import write_all
from compiler.install.target import MapTarget, find_target
from compiler.install.texts_needed import NeededText, missing_in, needed_texts, stubs_to_append
from compiler.limits import read_file
from compiler.model import GameModel
from compiler.problems import InputError, Location

CODE = "install-conflict"
COMPILED_MARK = b"Compiled by triplea-compiler"  # in the comment compile puts at the top of every XML


@dataclass
class InstallPlan:
    """The files an install writes (real path -> new bytes) and a line for each change, for the user."""

    target: MapTarget
    xml: Path
    files: dict[Path, bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def changes(self) -> bool:
        return bool(self.files)

    def apply(self) -> None:
        """Write every file of the plan, or none (UnwritableError)."""
        write_all(self.files)


def _decoded(data: bytes) -> str:
    """A .properties file's text: UTF-8 (without its byte-order mark), else Latin-1 (Java's own default)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _current(path: Path, kind: str) -> bytes | None:
    return read_file(path, kind) if path.exists() else None


def _info_name(xml: Path) -> str | None:
    """A game XML's `<info name>`, None when it cannot be read (TripleA then leaves it out of map.yml)."""
    try:
        for _, element in etree.iterparse(str(xml), events=("start",), tag="info", resolve_entities=False,
                                          no_network=True, load_dtd=False):
            name = element.get("name")
            return name if name and name.strip() else None
    except (etree.LxmlError, OSError):
        return None
    return None


def _check_replaceable(target: MapTarget, name: str) -> None:
    """Refuse to replace (or shadow, where case is not told apart) a game XML the author wrote."""
    if not target.games.is_dir():
        return
    for existing in sorted(target.games.iterdir()):
        if existing.name.lower() != name.lower():
            continue
        if existing.name != name:
            raise InputError(f"the games folder has {existing.name}, which Windows and macOS take for {name}: "
                             "rename the spec (the XML is named after it) or that file", Location(str(existing)),
                             CODE)
        head = read_file(existing, "game XML")[:2000] if existing.is_file() else b""
        if COMPILED_MARK not in head:
            raise InputError(f"{name} is a game XML triplea-compiler did not write: not replaced (rename the spec, "
                             "the XML is named after it, or remove that file)", Location(str(existing)), CODE)


def _map_yml(plan: InstallPlan, entry: GameEntry) -> None:
    target = plan.target
    path = target.map_yml
    if target.map_yml_text is None:
        others = [GameEntry(name, xml.name) for xml in sorted(target.games.glob("*.xml"))
                  if xml.name != entry.file_name and xml.is_file() and (name := _info_name(xml)) is not None]
        new = new_map_yml(target.folder.name, [*others, entry])
        plan.notes.append(f"{path}: written, listing {len(others) + 1} game(s) (the map had no map.yml)")
    else:
        new = with_game(target.map_yml_text, str(path), entry)
        if new == target.map_yml_text:
            return
        plan.notes.append(f"{path}: game '{entry.game_name}' ({entry.file_name}) listed")
    plan.files[Path(os.path.realpath(path))] = new.encode("utf-8")


def _texts(plan: InstallPlan, needed: list[NeededText], game_name: str) -> None:
    by_file: dict[str, list[NeededText]] = {}
    for need in needed:
        by_file.setdefault(need.file, []).append(need)
    for name, wanted in by_file.items():
        path = plan.target.content / name
        old = _current(path, "map file")
        text = _decoded(old) if old is not None else None
        missing = missing_in(text, wanted)
        if not missing:
            continue
        added = stubs_to_append(text, missing, game_name).encode("ascii")
        plan.files[Path(os.path.realpath(path))] = (old or b"") + added
        keys = ", ".join(n.key for n in missing[:4]) + (", ..." if len(missing) > 4 else "")
        plan.notes.append(f"{path}: {len(missing)} text(s) to write added ({keys})")


def plan_install(model: GameModel, xml: str, xml_name: str, folder: Path, engine: str,
                 any_map: bool = False) -> InstallPlan:
    """What installing the compiled game (`model`, its `xml`, file name `xml_name`) into `folder` changes;
    InputError when the folder is not a map folder, not the game's map (unless `any_map`), or holds an
    XML or map.yml entry of the author's in the way."""
    map_name = next((p.value for p in model.properties if p.name == "mapName" and p.value), None)
    target = find_target(folder, map_name, any_map)
    _check_replaceable(target, xml_name)
    plan = InstallPlan(target, target.games / xml_name)
    data = xml.encode("utf-8")
    if _current(plan.xml, "game XML") != data:
        plan.files[Path(os.path.realpath(plan.xml))] = data
        plan.notes.append(f"{plan.xml}: written")
    game_name = model.info.name
    _map_yml(plan, GameEntry(game_name, xml_name))
    _texts(plan, needed_texts(model, engine), game_name)
    return plan
