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

from compiler.checks._geometry import map_shapes
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
    from shapely.geometry import Point  # only maps with polygons pay for shapely

    geometry = shapes.geometry
    for name, spots in geometry.centers.items():
        area = shapes.areas.get(name)
        if area is None or not spots.points:
            continue
        x, y = spots.points[0]
        gap = area.distance(Point(x, y))
        if gap > CENTER_TOLERANCE:
            yield Problem(ID, f"the centre ({x},{y}) of '{name}' lies {gap:.0f} pixels outside its polygon",
                          spots.loc, SEVERITY)
    side = geometry.unit_size
    for name, spots in geometry.place.items():
        area = shapes.areas.get(name)
        if area is None:
            continue
        away = _wholly_outside(area, spots.points, side)
        if away:
            shown = " ".join(f"({x},{y})" for x, y in away[:3]) + (" ..." if len(away) > 3 else "")
            yield Problem(ID, f"{len(away)} of the {len(spots.points)} placement points of '{name}' put a "
                              f"{side}-pixel unit image wholly outside its polygon: {shown}", spots.loc, SEVERITY)


def _wholly_outside(area: BaseGeometry, points: tuple[tuple[int, int], ...], side: int) -> list[tuple[int, int]]:
    """The points whose `side`-pixel unit image (the point its top left corner) misses `area` (one
    vectorised shapely call for all of them)."""
    import numpy as np
    import shapely

    if not points:
        return []
    corners = np.array(points, dtype=float).reshape(-1, 2)
    x, y = corners[:, 0], corners[:, 1]
    touching = shapely.intersects(area, shapely.box(x, y, x + side, y + side)).tolist()
    return [point for point, hit in zip(points, touching, strict=True) if not hit]
