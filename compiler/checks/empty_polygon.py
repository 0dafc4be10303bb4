"""Every polygon in the map's polygons.txt encloses an area.

A polygon with fewer than three distinct points, or with all its points on one line, draws nothing
and cannot be clicked: usually a line cut short or a point pasted twice.

Failing (polygons.txt)::

    Atlantis  <  (10,10) (20,10) (10,10)  >

Passing (polygons.txt)::

    Atlantis  <  (10,10) (20,10) (20,20)  >
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "empty-polygon"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    yield from shapes.found(ID, _empty)  # the map's alone: found once for the games of a map


def _empty(shapes: MapShapes) -> Iterator[Problem]:
    """The lines of polygons.txt without a polygon, and the polygons that enclose no area."""
    for name, outline in shapes.geometry.polygons.items():
        if not outline.texts:
            yield Problem(ID, f"territory '{outline.name}' has no polygon on its line", outline.loc, SEVERITY)
        for number, shape in enumerate(shapes.rings[name], start=1):
            if shape.empty:
                ring = outline.rings[number - 1]  # read as points only here, for the message
                which = f"polygon {number} of '{outline.name}'" if len(outline.texts) > 1 else \
                    f"the polygon of '{outline.name}'"
                yield Problem(ID, f"{which} encloses no area ({len(ring)} points, "
                                  f"{len(set(ring))} distinct)", outline.loc, SEVERITY)
