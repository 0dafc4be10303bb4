"""TripleA's point files: which names they list, on which line, read line by line as TripleA 2.x reads them
(MapData with PointFileReaderWriter; 2.7.15622 and 2026-08 alike).

- polygons.txt: `Name  <  (x,y) (x,y) ...  >  < ... >` (the name ends at the first `<`, trimmed)
- centers.txt and the one-point files (vc.txt, capitols.txt, name_place.txt ...): `Name  (x,y)`; the name
  is what precedes the first point, blanks before the `(` dropped but blanks at the start of the line kept
- place.txt, territory_effects.txt, decorations.txt: `Name  (x,y) (x,y) ...` (the name ends at the first
  `(`, trimmed; place.txt may end in ` | overflowToLeft=...`)

TripleA reads the files in `POINT_FILES`' order, skips blank lines (and nothing else: a `#` line is a line
like any other), and throws on a line it cannot read or on a name met twice; it then stops reading the
map's files, map.properties (read last) among them, and a map without map.properties does not open. A file
is read as UTF-8: a byte-order mark becomes part of the first name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from compiler.limits import java_int
from compiler.problems import Location, Problem, Severity

SYNTAX = "map-file-syntax"


class Shape(Enum):
    """How a point file's lines are read (PointFileReaderWriter's readers)."""

    POLYGONS = "name < (x,y) ... >"
    ONE_POINT = "name (x,y)"
    POINTS = "name (x,y) (x,y) ..."


@dataclass(frozen=True, slots=True)
class PointFile:
    """One of the point files TripleA reads: its shape, whether the map must have it, and what the names
    it lists are (territories, or images of misc/ for decorations.txt)."""

    name: str
    shape: Shape
    required: bool = False
    keyed_by_territory: bool = True
    without: str = ""  # what TripleA does for a territory without a line (optional territory-keyed files)


# In the order MapData reads them; map.properties comes after all of them.
POINT_FILES: dict[str, PointFile] = {f.name: f for f in (
    PointFile("place.txt", Shape.POINTS, required=True),
    PointFile("territory_effects.txt", Shape.POINTS, without="draws its territory effects at its centre"),
    PointFile("polygons.txt", Shape.POLYGONS, required=True),
    PointFile("centers.txt", Shape.ONE_POINT, required=True),
    PointFile("vc.txt", Shape.ONE_POINT, without="draws its victory-city marker at its centre"),
    PointFile("convoy.txt", Shape.ONE_POINT, without="draws its convoy marker at its centre"),
    PointFile("comments.txt", Shape.ONE_POINT, without="shows no comment marker for it"),
    PointFile("blockade.txt", Shape.ONE_POINT, without="draws its blockade marker at its centre"),
    PointFile("capitols.txt", Shape.ONE_POINT, without="draws its capital marker at its centre"),
    PointFile("pu_place.txt", Shape.ONE_POINT, without="writes its production value at the default place"),
    PointFile("name_place.txt", Shape.ONE_POINT, without="writes its name at the default place"),
    PointFile("kamikaze_place.txt", Shape.ONE_POINT, without="draws its kamikaze marker at its centre"),
    PointFile("decorations.txt", Shape.POINTS, keyed_by_territory=False),
)}
GEOMETRY_POINT_FILES = ("polygons.txt", "centers.txt", "place.txt")  # the files every map has

_BLANK = re.compile(r"[\s\u001c-\u001f]*")  # Java's String.isBlank: whitespace by Character.isWhitespace
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the line ends of BufferedReader.readLine
_JAVA_SPACE = "[ \t\n\x0b\f\r]"
_ONE_POINT = re.compile(rf"([^(]*?){_JAVA_SPACE}*\({_JAVA_SPACE}*(-?[0-9]+){_JAVA_SPACE}*,{_JAVA_SPACE}*(-?[0-9]+)"
                        rf"{_JAVA_SPACE}*\)")
_POINT = re.compile(rf"{_JAVA_SPACE}*\({_JAVA_SPACE}*(-?[0-9]+){_JAVA_SPACE}*,{_JAVA_SPACE}*(-?[0-9]+)"
                    rf"{_JAVA_SPACE}*\)")
_JAVA_TRIM = "".join(chr(c) for c in range(33))  # String.trim drops every character up to the blank


@dataclass(frozen=True, slots=True)
class NamedLine:
    """A name found in a map text file, with its location."""

    name: str
    loc: Location


def java_lines(text: str) -> list[str]:
    """The lines of `text` as Java's Files.lines splits them."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_names(text: str, path: str, shape: Shape) -> tuple[list[NamedLine], list[Problem]]:
    """The names of a point file in order, and the lines TripleA throws on (map-file-syntax errors)."""
    names: list[NamedLine] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(java_lines(text), start=1):
        if _BLANK.fullmatch(line):
            continue
        name, column, fault = _name_of(line, shape)
        if fault is None and name is not None and name in seen:
            fault = f"'{name}' is listed twice (first on line {seen[name]})"
        if fault is not None or name is None:
            problems.append(Problem(SYNTAX, f"{fault}: TripleA stops reading the map's files at this line, and "
                                            "without the files it reads after it (map.properties is the last) the "
                                            "game does not open", Location(path, number, 1), Severity.ERROR))
            continue
        seen[name] = number
        names.append(NamedLine(name, Location(path, number, column)))
    return names, problems


def _name_of(line: str, shape: Shape) -> tuple[str | None, int, str | None]:
    """The line's name, its column, and why TripleA cannot read the line (None when it can)."""
    if shape is Shape.ONE_POINT:
        found = _ONE_POINT.match(line)
        if found is None:
            return None, 1, f"cannot read this line: expected '{shape.value}'"
        return found.group(1), 1, _numbers_fault(found.group(2), found.group(3))
    stop = "<" if shape is Shape.POLYGONS else "("
    head = line.split(" | ", 1)[0] if shape is Shape.POINTS else line
    cut = head.find(stop)
    if cut < 0:
        return None, 1, f"cannot read this line: expected '{shape.value}' (no '{stop}')"
    name = head[:cut].strip(_JAVA_TRIM)
    column = len(head) - len(head.lstrip(_JAVA_TRIM)) + 1
    if not name and shape is Shape.POINTS:
        return None, 1, "cannot read this line: no name before its first point"
    for x, y in _POINT.findall(head):
        if (fault := _numbers_fault(x, y)) is not None:
            return name, column, fault
    return name, column, None


def _numbers_fault(x: str, y: str) -> str | None:
    """Why Integer.parseInt refuses a point's coordinates, or None."""
    for number in (x, y):
        if java_int(number) is None:
            shown = number if len(number) <= 24 else f"{number[:12]}...{number[-6:]} ({len(number)} digits)"
            return f"the coordinate {shown} is beyond Java's whole numbers"
    return None
