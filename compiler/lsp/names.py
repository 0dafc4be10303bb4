"""The names of a game and where each is written: in the game XML, its map folder's text files and the specs
beside it. One index per version of a game (built off the event loop), answering definition, references and
rename."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from compiler.lsp.textpos import split_lines
from compiler.mapfolder.texts import POINT_FILES, Shape

TERRITORY, UNIT, PLAYER, RESOURCE, ATTACHMENT = "territory", "unit", "player", "resource", "attachment"
KINDS = (TERRITORY, UNIT, PLAYER, RESOURCE, ATTACHMENT)

# (tag, attribute) -> the kind of name the attribute holds; the definitions are (tag, "name").
_DEFINES = {"territory": TERRITORY, "unit": UNIT, "player": PLAYER, "resource": RESOURCE, "attachment": ATTACHMENT}
_REFERS = {
    ("connection", "t1"): TERRITORY, ("connection", "t2"): TERRITORY,
    ("territoryOwner", "territory"): TERRITORY, ("territoryOwner", "owner"): PLAYER,
    ("unitPlacement", "territory"): TERRITORY, ("unitPlacement", "unitType"): UNIT,
    ("unitPlacement", "owner"): PLAYER, ("heldUnits", "unitType"): UNIT, ("heldUnits", "player"): PLAYER,
    ("alliance", "player"): PLAYER, ("playerProduction", "player"): PLAYER, ("playerRepair", "player"): PLAYER,
    ("step", "player"): PLAYER, ("relationship", "player1"): PLAYER, ("relationship", "player2"): PLAYER,
    ("resourceGiven", "player"): PLAYER, ("resourceGiven", "resource"): RESOURCE, ("playerTech", "player"): PLAYER,
    ("cost", "resource"): RESOURCE, ("result", "resourceOrUnit"): "",  # a unit or a resource: by name
    ("property", "player"): PLAYER,
}
_ATTACH_TYPES = {"territory": TERRITORY, "unitType": UNIT, "player": PLAYER, "resource": RESOURCE}
_TAG = re.compile(r"<([A-Za-z_][\w.-]*)(\s[^<>]*)?>")
_ATTR = re.compile(r"([\w:.-]+)\s*=\s*(\"([^\"]*)\"|'([^']*)')")
_COMMENT = re.compile(r"<!--.*?-->", re.S)


@dataclass(frozen=True, slots=True)
class Occurrence:
    """A name written in a file: 0-based line, start and end character index on that line."""

    path: str
    line: int
    start: int
    end: int
    kind: str
    name: str
    defines: bool = False


@dataclass
class Lines:
    """Character offsets of a text to 0-based (line, index)."""

    starts: list[int]

    @classmethod
    def of(cls, text: str) -> Lines:
        return cls([0, *(m.end() for m in re.finditer(r"\r\n|\r|\n", text))])

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, offset) - 1
        return line, offset - self.starts[line]


@dataclass
class XmlElement:
    """One start tag: its name, attributes (name -> (value, value's start offset)) and place."""

    tag: str
    attrs: dict[str, tuple[str, int]]
    start: int
    end: int


def scan_tags(text: str) -> list[XmlElement]:
    """The start tags of an XML text in order (comments skipped), with each attribute value's offset."""
    blanked = _COMMENT.sub(lambda m: " " * len(m.group(0)), text) if "<!--" in text else text
    out = []
    for m in _TAG.finditer(blanked):
        attrs: dict[str, tuple[str, int]] = {}
        if m.group(2):
            base = m.start(2)
            for a in _ATTR.finditer(m.group(2)):
                value_group = 3 if a.group(3) is not None else 4
                attrs[a.group(1)] = (a.group(value_group), base + a.start(value_group))
        out.append(XmlElement(m.group(1), attrs, m.start(), m.end()))
    return out


@dataclass
class NameIndex:
    """Where each (kind, name) is written, and what the names are."""

    occurrences: dict[tuple[str, str], list[Occurrence]] = field(default_factory=lambda: defaultdict(list))
    by_line: dict[tuple[str, int], list[Occurrence]] = field(default_factory=lambda: defaultdict(list))
    names: dict[str, set[str]] = field(default_factory=lambda: {k: set() for k in KINDS})

    def add(self, occ: Occurrence) -> None:
        self.occurrences[(occ.kind, occ.name)].append(occ)
        self.by_line[(occ.path, occ.line)].append(occ)

    def at(self, path: str, line: int, index: int) -> Occurrence | None:
        """The occurrence under a cursor (0-based line, character index), if any."""
        for occ in self.by_line.get((path, line), ()):
            if occ.start <= index <= occ.end:
                return occ
        return None

    def kind_of(self, name: str) -> str | None:
        return next((k for k in KINDS if name in self.names[k]), None)

    def kinds_by_name(self) -> dict[str, str]:
        """Each name's kind (the first of KINDS that has it)."""
        out: dict[str, str] = {}
        for kind in reversed(KINDS):
            out.update(dict.fromkeys(self.names[kind], kind))
        return out


def index_xml(index: NameIndex, path: str, text: str) -> list[XmlElement]:
    """Add the names a game XML defines and uses; return its start tags."""
    elements = scan_tags(text)
    lines = Lines.of(text)
    for el in elements:
        kind = _DEFINES.get(el.tag)
        if kind is not None and "name" in el.attrs:
            index.names[kind].add(el.attrs["name"][0])
    pending: list[tuple[str, int, str]] = []  # (name, offset, kind or "" when told by the name)
    for el in elements:
        kind = _DEFINES.get(el.tag)
        for attr, (value, offset) in el.attrs.items():
            if attr == "name" and kind is not None:
                pending.append((value, offset, kind + "!"))
            elif (el.tag, attr) in _REFERS:
                pending.append((value, offset, _REFERS[(el.tag, attr)]))
            elif el.tag == "attachment" and attr == "attachTo":
                pending.append((value, offset, _ATTACH_TYPES.get(el.attrs.get("type", ("unitType", 0))[0], "")))
            elif el.tag == "option" and attr == "value":
                at = offset
                for part in value.split(":"):
                    pending.append((part, at, "?"))
                    at += len(part) + 1
    by_name = index.kinds_by_name()
    for name, offset, kind in pending:
        defines = kind.endswith("!")
        kind = kind.rstrip("!")
        if kind in ("", "?"):
            found = by_name.get(name)
            if found is None:
                continue
            kind = found
        elif name not in index.names[kind] and not defines:
            continue
        line, start = lines.at(offset)
        index.add(Occurrence(path, line, start, start + len(name), kind, name, defines))
    return elements


def index_map_file(index: NameIndex, path: str, text: str) -> None:
    """Add the territory names a point file lists (decorations.txt lists images) and the player names of
    map.properties' `color.PLAYER` keys."""
    name = Path(path).name
    point = POINT_FILES.get(name)
    lines = split_lines(text)
    if point is not None and point.keyed_by_territory:
        ends = "<" if point.shape is Shape.POLYGONS else "("
        for row, line in enumerate(lines):
            cut = line.find(ends)
            written = line[:cut] if cut >= 0 else ""
            territory = written.strip()
            if territory:
                start = written.find(territory)
                index.add(Occurrence(path, row, start, start + len(territory), TERRITORY, territory))
    elif name.endswith(".properties"):
        for row, line in enumerate(lines):
            key = line.split("=", 1)[0].strip()
            if key.startswith("color.") and key[6:] in index.names[PLAYER]:
                start = line.find(key) + 6
                index.add(Occurrence(path, row, start, start + len(key) - 6, PLAYER, key[6:]))


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
