"""The coordinates in a map's text files, read as TripleA 2.7 reads them (PointFileReaderWriter),
and the map's shape from map.properties.

- polygons.txt: `Name  <  (x,y) (x,y) ...  >  < ... >` (one or more polygons per territory)
- centers.txt: `Name  (x,y)` (the first point counts)
- place.txt: `Name  (x,y) (x,y) ...  | overflowToLeft=false`

A point is `(x, y)` with optional spaces and signs. Lines this reader cannot use (no name, no marker)
are skipped: map-file-syntax reports them. Every entry keeps the location of its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from compiler.limits import java_int
from compiler.mapfolder.source import MapFiles
from compiler.problems import Location

Point = tuple[int, int]
Ring = tuple[Point, ...]

# The files the map's geometry is read from.
GEOMETRY_FILES = ("polygons.txt", "centers.txt", "place.txt", "map.properties")
_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_POLYGON = re.compile(r"<[^>]*>")


@dataclass(frozen=True, slots=True)
class Outline:
    """A territory's polygons (polygons.txt), each a ring of points as the file lists them."""

    name: str
    rings: tuple[Ring, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class Spots:
    """A territory's points in centers.txt or place.txt."""

    name: str
    points: tuple[Point, ...]
    loc: Location


@dataclass(frozen=True)
class MapGeometry:
    """The polygons, centres and unit placement points of a map (territory name -> entry), and what
    map.properties says of its shape: size, horizontal/vertical wrapping, the size of a unit image."""

    polygons: dict[str, Outline] = field(default_factory=dict)
    centers: dict[str, Spots] = field(default_factory=dict)
    place: dict[str, Spots] = field(default_factory=dict)
    properties: dict[str, str] = field(default_factory=dict)

    @property
    def size(self) -> tuple[int, int]:
        """map.width and map.height, else the width and height that hold every polygon."""
        xs = [x for o in self.polygons.values() for r in o.rings for x, _ in r] or [0]
        ys = [y for o in self.polygons.values() for r in o.rings for _, y in r] or [0]
        return (_int(self.properties.get("map.width")) or max(xs) + 1,
                _int(self.properties.get("map.height")) or max(ys) + 1)

    @property
    def wraps(self) -> tuple[bool, bool]:
        """Whether the map scrolls round horizontally and vertically (TripleA: x yes, y no by default). Only
        a map whose map.properties gives its size wraps here: otherwise the size is a guess from the
        polygons, and its edges would make neighbours of the territories at either end."""
        known = (_int(self.properties.get("map.width")), _int(self.properties.get("map.height")))
        return (bool(known[0]) and self.properties.get("map.scrollWrapX", "true").strip().lower() == "true",
                bool(known[1]) and self.properties.get("map.scrollWrapY", "false").strip().lower() == "true")

    @property
    def unit_size(self) -> int:
        """The side of a unit image in pixels: units.width (48) times units.scale (1)."""
        width = _int(self.properties.get("units.width")) or 48
        try:
            scale = float(self.properties.get("units.scale", "1"))
        except ValueError:
            scale = 1.0
        return max(1, round(width * scale))


def _int(text: str | None) -> int:
    """A whole number TripleA reads (0 for anything else, a number beyond Java's int included)."""
    digits = (text or "").strip()
    return (java_int(digits) or 0) if re.fullmatch(r"[-+]?\d+", digits) else 0


def read_properties(text: str) -> dict[str, str]:
    """A Java .properties text as key -> value (`key=value`, `key: value` or `key value`; `#` and `!`
    start comments; the last of a repeated key wins, as in java.util.Properties)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#!":
            continue
        match = re.match(r"([^=:\s]+)\s*[=:\s]\s*(.*)", line)
        if match:
            out[match.group(1)] = match.group(2).strip()
    return out


def _lines(text: str, path: str) -> list[tuple[str, Location]]:
    """Non-blank lines with their location (TripleA skips only blank lines; a `#` line has no marker)."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            out.append((line, Location(path, number, len(line) - len(line.lstrip()) + 1)))
    return out


def _points(text: str) -> tuple[Point, ...]:
    """The (x, y) points of a text; a coordinate beyond Java's int (TripleA cannot read it) is left out."""
    found = ((java_int(x), java_int(y)) for x, y in _POINT.findall(text))
    return tuple((x, y) for x, y in found if x is not None and y is not None)


def read_polygons(text: str, path: str) -> dict[str, Outline]:
    """Territory name -> its polygons; the first line of a name wins (TripleA refuses a second)."""
    out: dict[str, Outline] = {}
    for line, loc in _lines(text, path):
        cut = line.find("<")
        name = line[:cut].strip() if cut >= 0 else ""
        if name and name not in out:
            out[name] = Outline(name, tuple(_points(p) for p in _POLYGON.findall(line)), loc)
    return out


def read_points(text: str, path: str) -> dict[str, Spots]:
    """Territory name -> its points (centers.txt, place.txt); `| overflowToLeft=...` is ignored."""
    out: dict[str, Spots] = {}
    for line, loc in _lines(text, path):
        line = line.split(" | ", 1)[0]
        cut = line.find("(")
        name = line[:cut].strip() if cut >= 0 else ""
        if name and name not in out:
            out[name] = Spots(name, _points(line[cut:]), loc)
    return out


def read_geometry(files: MapFiles) -> MapGeometry:
    """The coordinates of a map's polygons.txt, centers.txt and place.txt, and its map.properties
    (each empty when missing)."""
    polygons = files.get("polygons.txt")
    centers = files.get("centers.txt")
    place = files.get("place.txt")
    properties = files.get("map.properties")
    return MapGeometry(
        polygons=read_polygons(polygons[1], polygons[0]) if polygons else {},
        centers=read_points(centers[1], centers[0]) if centers else {},
        place=read_points(place[1], place[0]) if place else {},
        properties=read_properties(properties[1]) if properties else {},
    )
