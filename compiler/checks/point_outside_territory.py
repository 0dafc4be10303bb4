"""A territory's centre and its unit placement points show it, not another territory.

centers.txt says where TripleA writes a territory's name (and draws its flag); place.txt where it draws
its unit images (each point is the top-left corner of one image, units.width x units.scale pixels).
TripleA draws them wherever the points say, inside the polygon or not. Map makers put the name of a
small island, and rows of its units, in the water beside it: that reads as the island's and passes.
Reported: a centre or unit image that lies wholly outside its territory and either

- on another territory (a land territory's name or units on another land territory, a sea zone's on
  land or on another sea zone): players read them as that territory's, or
- far from it (a centre more than FAR_CENTRE pixels away, a unit image out of reach: more than two
  image widths from its territory and from any image of it that is within reach): usually
  coordinates pasted from another territory or a typo in a number.

Territories without any connection (boxes, markers, credits drawn wherever the map maker likes) are
left out, as are points within NEAR pixels of their territory, and centres within a unit image's width
of it (the name of a city circle or a small island written beside it).

Failing (polygons.txt and centers.txt)::

    Atlantis  <  (10,10) (50,10) (50,50) (10,50)  >
    Atlantis  (250,30)

Passing (centers.txt)::

    Atlantis  (30,30)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

ID = "point-outside-territory"
SEVERITY = Severity.WARNING
# A centre within NEAR pixels of its polygon (or a unit image within NEAR pixels) is beside it.
NEAR = 8.0
# A centre farther than this from its polygon labels nothing near it.
FAR_CENTRE = 100.0
# A unit image is within reach within this many image widths of its territory or of a reaching image.
REACH_IMAGES = 2


@dataclass(frozen=True)
class Stray:
    """A centre or unit image lying wholly outside its territory: its point, its distance from the
    territory, and the territories whose polygons hold it (the image's middle)."""

    point: tuple[int, int]
    gap: float
    on: tuple[str, ...]


@dataclass(frozen=True)
class Strays:
    """A territory's strays in centers.txt or place.txt (of `total` points), where its line is."""

    name: str
    total: int
    loc: Location
    strays: tuple[Stray, ...]


@dataclass(frozen=True)
class MapStrays:
    """The strays of a map, found once for its games; the games judge them (water, connections)."""

    centres: tuple[Strays, ...]
    placed: tuple[Strays, ...]
    side: int


_CACHE: list[tuple[MapShapes, MapStrays]] = []
_KEEP = 4


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    strays = _map_strays(shapes)
    view, water = ctx.map, ctx.water
    for found in strays.centres:
        if view.connected(found.name):
            yield from _centre_problem(found, found.strays[0], found.name in water, water, strays.side)
    for found in strays.placed:
        if view.connected(found.name):
            shown = _misplaced(found, strays.side, found.name in water, water)
            if shown:
                listed = "; ".join(shown[:3]) + ("; ..." if len(shown) > 3 else "")
                yield Problem(ID, f"{len(shown)} of the {found.total} placement points of '{found.name}' put its "
                                  f"{strays.side}-pixel unit image away from it: {listed}: TripleA draws the "
                                  "units there", found.loc, SEVERITY)


def _centre_problem(found: Strays, stray: Stray, own_water: bool, water: set[str], side: int) -> Iterator[Problem]:
    x, y = stray.point
    other = _misleading(stray, own_water, water)
    if other is not None and stray.gap > side:  # nearer: a name written beside a small territory
        yield Problem(ID, f"the centre ({x},{y}) of '{found.name}' lies on '{other}', {stray.gap:.0f} pixels "
                          "outside its polygon: TripleA writes the name there", found.loc, SEVERITY)
    elif stray.gap > FAR_CENTRE:
        yield Problem(ID, f"the centre ({x},{y}) of '{found.name}' lies {stray.gap:.0f} pixels outside its "
                          "polygon: TripleA writes the name there", found.loc, SEVERITY)


def _misleading(stray: Stray, own_water: bool, water: set[str]) -> str | None:
    """The territory a stray lies on that players would read it as belonging to (a land territory's point
    in the water beside it reads as its own), or None."""
    for other in stray.on:
        if own_water or other not in water:
            return other
    return None


def _misplaced(found: Strays, side: int, own_water: bool, water: set[str]) -> list[str]:
    """The unit images of `found` on another territory or out of reach, each as '(x,y) on ...' or
    '(x,y) N pixels away'."""
    reach = REACH_IMAGES * side
    reached = [s for s in found.strays if s.gap <= reach]
    rest = [s for s in found.strays if s.gap > reach]
    grown = True
    while grown and rest:  # a row of images leading away from a small island is within reach
        grown = False
        for stray in list(rest):
            if any(_image_gap(stray, other, side) <= reach for other in reached):
                reached.append(stray)
                rest.remove(stray)
                grown = True
    shown = []
    for stray in found.strays:
        x, y = stray.point
        other = _misleading(stray, own_water, water)
        if stray.gap > NEAR and other is not None:
            shown.append(f"({x},{y}) on '{other}'")
        elif stray in rest:
            shown.append(f"({x},{y}) {stray.gap:.0f} pixels away")
    return shown


def _image_gap(first: Stray, second: Stray, side: int) -> float:
    """The gap between two unit images (0 when they overlap), along the axis they are farther apart."""
    return max(abs(first.point[0] - second.point[0]), abs(first.point[1] - second.point[1])) - side


def _map_strays(shapes: MapShapes) -> MapStrays:
    """The strays of the map of `shapes`, found once for the games of a map."""
    for known, strays in _CACHE:
        if known is shapes:
            return strays
    strays = _find_strays(shapes)
    if len(_CACHE) >= _KEEP:
        del _CACHE[0]
    _CACHE.append((shapes, strays))
    return strays


def _find_strays(shapes: MapShapes) -> MapStrays:
    """The centres and unit images of the map that lie outside their territories."""
    import numpy as np  # only maps with polygons pay for numpy and shapely
    import shapely

    geometry = shapes.geometry
    side = geometry.unit_size
    centers = [(name, spots) for name, spots in geometry.centers.items()
               if name in shapes.areas and spots.points]
    inside = _inside([shapes.areas[name] for name, _ in centers], [spots.points[0] for _, spots in centers])
    outside = [(name, spots) for (name, spots), within in zip(centers, inside, strict=True) if not within]
    gaps: list[float] = shapely.distance(
        np.array([shapes.areas[name] for name, _ in outside], dtype=object),
        shapely.points([spots.points[0] for _, spots in outside])).tolist() if outside else []
    far = [(name, spots, float(gap)) for (name, spots), gap in zip(outside, gaps, strict=True) if gap > NEAR]
    placed_spots = [(name, spots) for name, spots in geometry.place.items() if name in shapes.areas]
    missed = _wholly_outside([shapes.areas[name] for name, _ in placed_spots],
                             [spots.points for _, spots in placed_spots], side)
    away = [(name, spots, points) for (name, spots), points in zip(placed_spots, missed, strict=True) if points]
    images = [(name, x, y) for name, _, points in away for x, y in points]
    corners = np.array([(x, y) for _, x, y in images], dtype=float).reshape(-1, 2)
    image_gaps: list[float] = shapely.distance(
        np.array([shapes.areas[name] for name, _, _ in images], dtype=object),
        shapely.box(corners[:, 0], corners[:, 1], corners[:, 0] + side, corners[:, 1] + side)).tolist()
    holders = _holders(shapes, [(name, float(spots.points[0][0]), float(spots.points[0][1])) for name, spots, _ in far]
                       + [(name, x + side / 2, y + side / 2) for name, x, y in images])
    centres = tuple(Strays(name, 1, spots.loc, (Stray(spots.points[0], gap, on),))
                    for (name, spots, gap), on in zip(far, holders[:len(far)], strict=True))
    strays = iter(Stray((x, y), float(gap), on)
                  for (_, x, y), gap, on in zip(images, image_gaps, holders[len(far):], strict=True))
    placed = tuple(Strays(name, len(spots.points), spots.loc, tuple(next(strays) for _ in points))
                   for name, spots, points in away)
    return MapStrays(centres, placed, side)


def _holders(shapes: MapShapes, points: list[tuple[str, float, float]]) -> list[tuple[str, ...]]:
    """For each (territory, x, y), the other territories whose areas hold the point (one bulk query of a
    spatial index of the map's areas)."""
    import shapely

    if not points:
        return []
    names = list(shapes.areas)
    tree = shapely.STRtree([shapes.areas[name] for name in names])
    found, holders = tree.query(shapely.points([(x, y) for _, x, y in points]), predicate="intersects")
    held: list[list[str]] = [[] for _ in points]
    for at, holder in zip(found.tolist(), holders.tolist(), strict=True):
        if names[holder] != points[at][0]:
            held[at].append(names[holder])
    return [tuple(sorted(h)) for h in held]


def _inside(areas: list[BaseGeometry], points: list[tuple[int, int]]) -> list[bool]:
    """Whether each point lies in or on its area (one vectorised call against the prepared areas)."""
    import numpy as np
    import shapely

    if not points:
        return []
    xy = np.array(points, dtype=float).reshape(-1, 2)
    return [bool(hit) for hit in shapely.intersects_xy(np.array(areas, dtype=object), xy[:, 0], xy[:, 1])]


def _wholly_outside(areas: list[BaseGeometry], points: list[tuple[tuple[int, int], ...]],
                    side: int) -> list[list[tuple[int, int]]]:
    """For each area, those of its points whose `side`-pixel unit image (the point its top left corner)
    misses it: vectorised over the points of every area, against the prepared areas. A point in or on its
    area puts a corner of its image there; only the images of the others are tested whole."""
    import numpy as np
    import shapely

    flat = [point for of_area in points for point in of_area]
    if not flat:
        return [[] for _ in areas]
    corners = np.array(flat, dtype=float).reshape(-1, 2)
    x, y = corners[:, 0], corners[:, 1]
    owners = np.array(areas, dtype=object)[np.repeat(np.arange(len(areas)), [len(p) for p in points])]
    touching = shapely.intersects_xy(owners, x, y)
    rest = ~touching
    touching[rest] = shapely.intersects(owners[rest], shapely.box(x[rest], y[rest], x[rest] + side, y[rest] + side))
    hits = iter(touching.tolist())
    return [[point for point in of_area if not next(hits)] for of_area in points]
