"""The coordinates in a map's text files, read as TripleA 2.7 reads them (PointFileReaderWriter),
and the map's shape from map.properties.

- polygons.txt: `Name  <  (x,y) (x,y) ...  >  < ... >` (one or more polygons per territory)
- centers.txt: `Name  (x,y)` (the first point counts)
- place.txt: `Name  (x,y) (x,y) ...  | overflowToLeft=false`

A point is `(x, y)` with optional spaces and signs. Lines this reader cannot use (no name, no marker)
are skipped: map-file-syntax reports them. Every entry keeps the location of its line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING

from compiler.limits import java_int
from compiler.mapfolder.source import MapFiles
from compiler.problems import Location

if TYPE_CHECKING:  # numpy takes ~0.1 s to import: only what reads the points of a map (_bulk_numbers) pays it
    import numpy as np

Point = tuple[int, int]
Ring = tuple[Point, ...]

# The files the map's geometry is read from.
GEOMETRY_FILES = ("polygons.txt", "centers.txt", "place.txt", "map.properties")
_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
# The longest coordinate (sign included) that is always within Java's int: nine characters.
_SAFE_LENGTH = 9
MAX_UNIT_SIZE = 4096
# The most points and polygons of one territory the geometry work reads (real maps: at most 20,453 points and
# 42 polygons for a territory in the public catalogue); beyond, the territory is left out and reported.
MAX_POINTS = 200_000
MAX_RINGS = 2_000  # the largest unit image side drawn, whatever units.width and units.scale say
# Points written plainly (ASCII, nothing but points of at most nine digits, as TripleA writes them, and as
# most hands do): their numbers are what _POINT finds, in order, read in bulk by numpy. Possessive: no
# backtracking. The first pattern is the usual spelling, `(x,y) (x,y)`, the faster to match.
_PLAIN_POINTS = (re.compile(r" *+(?:\(-?+[0-9]{1,9}+,-?+[0-9]{1,9}+\) *+)*+"),
                 re.compile(r"\s*+(?:\(\s*+-?+\d{1,9}+\s*+,\s*+-?+\d{1,9}+\s*+\)\s*+)*+", re.ASCII))
_NUMBERS_ONLY = str.maketrans("(),", "   ")


@dataclass(frozen=True)
class Outline:
    """A territory's polygons (polygons.txt), each a ring of points as the file lists them. The line
    is kept as text, one `<...>` per polygon: `rings` reads its points when first asked for, and
    `ring_arrays` reads those of a whole map at once (a large map has hundreds of thousands)."""

    name: str
    texts: tuple[str, ...]  # each polygon's text on the line, `<` to `>`
    loc: Location

    @cached_property
    def rings(self) -> tuple[Ring, ...]:
        """Each polygon's points."""
        return tuple(_points(text) for text in self.texts)


@dataclass(frozen=True, slots=True)
class Oversized:
    """A territory of polygons.txt with more points or polygons than the geometry work reads."""

    name: str
    points: int
    rings: int
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
    oversized: dict[str, Oversized] = field(default_factory=dict)
    """territories whose polygons are beyond what is read (MAX_POINTS, MAX_RINGS): left out of `polygons`"""
    centers: dict[str, Spots] = field(default_factory=dict)
    place: dict[str, Spots] = field(default_factory=dict)
    properties: dict[str, str] = field(default_factory=dict)

    @property
    def size(self) -> tuple[int, int]:
        """map.width and map.height, else the width and height that hold every polygon (the polygons are
        looked at only for a side map.properties does not give)."""
        width, height = _int(self.properties.get("map.width")), _int(self.properties.get("map.height"))
        return (width or self._extent(0) + 1, height or self._extent(1) + 1)

    def _extent(self, axis: int) -> int:
        """The largest x (axis 0) or y (axis 1) of any polygon's point, 0 when there is none."""
        return max((max(point[axis] for point in ring) for o in self.polygons.values() for ring in o.rings if ring),
                   default=0)

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
        if not math.isfinite(scale) or scale <= 0:  # 1e400 reads as infinity (ignored-map-property reports it)
            scale = 1.0
        return max(1, min(round(width * scale), MAX_UNIT_SIZE))


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
    found = _POINT.findall(text)
    numbers = list(chain.from_iterable(found))
    if max(map(len, numbers), default=0) <= _SAFE_LENGTH:  # all within Java's int: no check needed
        values = list(map(int, numbers))
        return tuple(zip(values[::2], values[1::2], strict=True))
    checked = ((java_int(x), java_int(y)) for x, y in found)
    return tuple((x, y) for x, y in checked if x is not None and y is not None)


def read_polygons(text: str, path: str, oversized: dict[str, Oversized] | None = None) -> dict[str, Outline]:
    """Territory name -> its polygons; the first line of a name wins (TripleA refuses a second). A territory
    with more than MAX_POINTS points or MAX_RINGS polygons is left out (into `oversized`, when given)."""
    out: dict[str, Outline] = {}
    for line, loc in _lines(text, path):
        cut = line.find("<")
        name = line[:cut].strip() if cut >= 0 else ""
        if name and name not in out:
            texts = _polygon_texts(line, cut)
            points = sum(t.count("(") for t in texts)
            if points > MAX_POINTS or len(texts) > MAX_RINGS:
                if oversized is not None:
                    oversized.setdefault(name, Oversized(name, points, len(texts), loc))
                continue
            out[name] = Outline(name, texts, loc)
    return out


def _polygon_texts(line: str, start: int) -> tuple[str, ...]:
    """The parts of `line` from each `<` to the next `>`, from `start` on (what the pattern `<[^>]*>` finds)."""
    found = []
    begin = line.find("<", start)
    while begin >= 0:
        end = line.find(">", begin + 1)
        if end < 0:
            break
        found.append(line[begin:end + 1])
        begin = line.find("<", end + 1)
    return tuple(found)


def ring_arrays(outlines: list[Outline]) -> tuple[np.ndarray, np.ndarray]:
    """The points of every polygon of `outlines`, in order, as one float array of (x, y) rows, and the
    number of points of each polygon: what `Outline.rings` holds, read without a Python object per point."""
    import numpy as np

    numbers, counts = _bulk_numbers([text[1:-1] for outline in outlines for text in outline.texts])
    return numbers.reshape(-1, 2).astype(float), np.array(counts, dtype=np.int64)


def _bulk_numbers(texts: list[str]) -> tuple[np.ndarray, list[int]]:
    """The coordinates of the points of each text, all in one array of whole numbers (x, y, x, y ...), and
    how many points each text has: `_points` of each, plain texts read by numpy in one call."""
    import numpy as np

    parts: list[str] = []
    counts: list[int] = []
    for text in texts:
        if any(plain.fullmatch(text) is not None for plain in _PLAIN_POINTS):
            parts.append(text)
            counts.append(text.count("("))
        else:
            points = _points(text)
            parts.append(" ".join(f"{x} {y}" for x, y in points))
            counts.append(len(points))
    numbers = np.fromstring(" ".join(parts).translate(_NUMBERS_ONLY), dtype=np.int64, sep=" ")
    if len(numbers) != 2 * sum(counts):  # cannot happen: every part holds its points' numbers
        raise ValueError("the points read in bulk do not match their lines")
    return numbers, counts


def read_points(text: str, path: str) -> dict[str, Spots]:
    """Territory name -> its points (centers.txt, place.txt); `| overflowToLeft=...` is ignored."""
    found: dict[str, tuple[str, Location]] = {}
    for line, loc in _lines(text, path):
        line = line.split(" | ", 1)[0]
        cut = line.find("(")
        name = line[:cut].strip() if cut >= 0 else ""
        if name and name not in found:
            found[name] = (line[cut:], loc)
    numbers, counts = _bulk_numbers([points for points, _ in found.values()])
    values = numbers.tolist()
    out: dict[str, Spots] = {}
    start = 0
    for (name, (_, loc)), count in zip(found.items(), counts, strict=True):
        end = start + 2 * count
        out[name] = Spots(name, tuple(zip(values[start:end:2], values[start + 1:end:2], strict=True)), loc)
        start = end
    return out


def read_geometry(files: MapFiles) -> MapGeometry:
    """The coordinates of a map's polygons.txt, centers.txt and place.txt, and its map.properties
    (each empty when missing)."""
    polygons = files.get("polygons.txt")
    centers = files.get("centers.txt")
    place = files.get("place.txt")
    properties = files.get("map.properties")
    oversized: dict[str, Oversized] = {}
    return MapGeometry(
        polygons=read_polygons(polygons[1], polygons[0], oversized) if polygons else {},
        oversized=oversized,
        centers=read_points(centers[1], centers[0]) if centers else {},
        place=read_points(place[1], place[0]) if place else {},
        properties=read_properties(properties[1]) if properties else {},
    )
