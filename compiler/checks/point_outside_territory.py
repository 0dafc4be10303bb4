"""A territory's centre lies in its polygon, and its unit placement points on it.

centers.txt says where TripleA writes a territory's name and flag; place.txt where it draws unit
images (each point is the top-left corner of one image, units.width x units.scale pixels). A centre
outside the polygon labels another territory; a unit image that does not even touch its territory
shows the units elsewhere. Usually coordinates pasted from another territory or a typo in a number.

Failing (polygons.txt and centers.txt)::

    Atlantis  <  (10,10) (50,10) (50,50) (10,50)  >
    Atlantis  (150,30)

Passing (centers.txt)::

    Atlantis  (30,30)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

ID = "point-outside-territory"
SEVERITY = Severity.WARNING
# How far (pixels) a centre may lie outside its polygon: a point on the outline is inside.
CENTER_TOLERANCE = 1.0


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    yield from shapes.found(ID, _outside)  # the map's alone: found once for the games of a map


def _outside(shapes: MapShapes) -> Iterator[Problem]:
    """The centres and placement points of the map that lie outside their territories."""
    from shapely.geometry import Point  # only maps with polygons pay for shapely

    geometry = shapes.geometry
    centers = [(name, spots) for name, spots in geometry.centers.items()
               if name in shapes.areas and spots.points]
    inside = _inside([shapes.areas[name] for name, _ in centers], [spots.points[0] for _, spots in centers])
    for (name, spots), within in zip(centers, inside, strict=True):
        if within:  # in or on its area: no distance to measure
            continue
        x, y = spots.points[0]
        gap = shapes.areas[name].distance(Point(x, y))
        if gap > CENTER_TOLERANCE:
            yield Problem(ID, f"the centre ({x},{y}) of '{name}' lies {gap:.0f} pixels outside its polygon",
                          spots.loc, SEVERITY)
    placed = [(name, spots) for name, spots in geometry.place.items() if name in shapes.areas]
    side = geometry.unit_size
    missed = _wholly_outside([shapes.areas[name] for name, _ in placed], [spots.points for _, spots in placed], side)
    for (name, spots), away in zip(placed, missed, strict=True):
        if away:
            shown = " ".join(f"({x},{y})" for x, y in away[:3]) + (" ..." if len(away) > 3 else "")
            yield Problem(ID, f"{len(away)} of the {len(spots.points)} placement points of '{name}' put a "
                              f"{side}-pixel unit image wholly outside its polygon: {shown}", spots.loc, SEVERITY)


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
