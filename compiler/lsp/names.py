"""The names of a game and where each is written: in the game XML, its map folder's text files and the specs
beside it. One index per version of a game (built off the event loop), answering definition, references and
rename."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from compiler.lsp.occurrences import ATTACHMENT, KINDS, PLAYER, RESOURCE, TERRITORY, UNIT, Occurrence, kinds_by_name
from compiler.lsp.textpos import split_lines
from compiler.lsp.xmlnames import xml_names
from compiler.mapfolder.texts import POINT_FILES, Shape

__all__ = ["ATTACHMENT", "KINDS", "PLAYER", "RESOURCE", "TERRITORY", "UNIT", "NameIndex", "Occurrence",
           "index_map_file", "index_spec", "index_xml", "spec_definitions"]


@dataclass
class NameIndex:
    """Where each (kind, name) is written, and what the names are."""

    occurrences: dict[tuple[str, str], list[Occurrence]] = field(default_factory=lambda: defaultdict(list))
    by_line: dict[tuple[str, int], list[Occurrence]] = field(default_factory=lambda: defaultdict(list))
    names: dict[str, set[str]] = field(default_factory=lambda: {k: set() for k in KINDS})
    xml_lines: dict[str, Mapping[int, Sequence[Occurrence]]] = field(default_factory=dict)
    """a game XML's occurrences by line, as its scan holds them (not copied): path -> line -> occurrences"""

    def add(self, occ: Occurrence) -> None:
        self.occurrences[(occ.kind, occ.name)].append(occ)
        self.by_line[(occ.path, occ.line)].append(occ)

    def on_line(self, path: str, line: int) -> Sequence[Occurrence]:
        """The occurrences on a line of a file (0-based), in the order written."""
        lines = self.xml_lines.get(path)
        if lines is not None:
            return (*lines.get(line, ()), *self.by_line.get((path, line), ()))
        return self.by_line.get((path, line), ())

    def at(self, path: str, line: int, index: int) -> Occurrence | None:
        """The occurrence under a cursor (0-based line, character index), if any."""
        for occ in self.on_line(path, line):
            if occ.start <= index <= occ.end:
                return occ
        return None

    def kind_of(self, name: str) -> str | None:
        return next((k for k in KINDS if name in self.names[k]), None)

    def kinds_by_name(self) -> dict[str, str]:
        """Each name's kind (the first of KINDS that has it)."""
        return kinds_by_name(self.names)


def index_xml(index: NameIndex, path: str, text: str) -> None:
    """Add the names a game XML defines and uses (from the last version of it indexed, scanned again where it
    changed)."""
    found = xml_names(path, text)
    fresh = not any(index.names.values()) and not index.occurrences and path not in index.xml_lines
    for kind, names in found.names.items():
        index.names[kind] |= names
    if fresh:
        occurrences = index.occurrences
        for key, occs in found.by_key.items():
            occurrences[key] = list(occs)
        index.xml_lines[path] = found.by_line
        return
    for occ in found.resolved(index.names):
        index.add(occ)


def index_map_file(index: NameIndex, path: str, text: str) -> None:
    """Add the territory names a point file lists (decorations.txt lists images) and the player names of
    map.properties' `color.PLAYER` keys."""
    players = frozenset(index.names[PLAYER]) if Path(path).name.endswith(".properties") else None
    for occ in _map_file_occurrences(path, text, players):
        index.add(occ)


@lru_cache(maxsize=64)
def _map_file_occurrences(path: str, text: str, players: frozenset[str] | None) -> tuple[Occurrence, ...]:
    """The names a map folder's text file writes (the game's `players`, for a .properties file); kept while the
    file's text (and the players) stay the same."""
    name = Path(path).name
    point = POINT_FILES.get(name)
    lines = split_lines(text)
    out = []
    if point is not None and point.keyed_by_territory:
        ends = "<" if point.shape is Shape.POLYGONS else "("
        for row, line in enumerate(lines):
            cut = line.find(ends)
            written = line[:cut] if cut >= 0 else ""
            territory = written.strip()
            if territory:
                start = written.find(territory)
                out.append(Occurrence(path, row, start, start + len(territory), TERRITORY, territory))
    elif players is not None:
        for row, line in enumerate(lines):
            key = line.split("=", 1)[0].strip()
            if key.startswith("color.") and key[6:] in players:
                start = line.find(key) + 6
                out.append(Occurrence(path, row, start, start + len(key) - 6, PLAYER, key[6:]))
    return tuple(out)


_SPEC_SECTIONS = {"territories": TERRITORY, "units": UNIT, "players": PLAYER, "resources": RESOURCE}
_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*):")


def index_spec(index: NameIndex, path: str, text: str) -> None:
    """Add the names of the game that a spec writes (as whole words); a key of the spec's territories:, units:,
    players: or resources: section defines its name."""
    wanted = {name: kind for kind in KINDS[:4] for name in index.names[kind]}
    if not wanted:
        return
    pattern = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in sorted(wanted, key=len, reverse=True))
                         + r")(?![\w])")
    section = ""
    for row, line in enumerate(split_lines(text)):
        top = _TOP_KEY.match(line)
        if top:
            section = top.group(1)
        for m in pattern.finditer(line):
            kind = wanted[m.group(1)]
            defines = (_SPEC_SECTIONS.get(section) == kind and not top
                       and line[:m.start()].strip() in ("", "-", "{", "[") and line[m.end():].lstrip()[:1] in (":",))
            index.add(Occurrence(path, row, m.start(), m.end(), kind, m.group(1), defines))


def spec_definitions(text: str) -> dict[str, set[str]]:
    """The names a spec defines itself (the keys or items of its territories:, units:, players:, resources:)."""
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return {}
    out: dict[str, set[str]] = {k: set() for k in KINDS}
    if isinstance(data, dict):
        for section, kind in _SPEC_SECTIONS.items():
            value = data.get(section)
            if isinstance(value, dict | list):
                out[kind].update(str(v) for v in value)
    return out
