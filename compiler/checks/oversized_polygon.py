"""No territory of polygons.txt has more points or polygons than triplea-compiler's geometry work reads.

The largest territory of the public map catalogue has 20,453 points and the most polygons any has is 42. A
territory past 200,000 points or 2,000 polygons (a traced bitmap, a generator gone wrong) would take minutes
and gigabytes to check and draw, so it is left out of the geometry checks and the drawings, and reported here.
TripleA reads it, slowly: it draws and hit-tests every point.

Failing (polygons.txt: one territory traced pixel by pixel)::

    Sahara  <  (0,0) (1,0) (1,1) (0,1)  >  <  (1,0) (2,0) (2,1) (1,1)  >  ...  (200,000 polygons)

Passing::

    Sahara  <  (0,0) (900,0) (900,400) (0,400)  >

How to fix: simplify the territory's outline (a map-making tool's polygon grabber, or fewer points by hand).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.mapfolder.geometry import MAX_POINTS, MAX_RINGS
from compiler.problems import Problem, Severity

ID = "oversized-polygon"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    yield from shapes.found(ID, _oversized)


def _oversized(shapes: MapShapes) -> Iterator[Problem]:
    for big in shapes.geometry.oversized.values():
        yield Problem(ID, f"territory '{big.name}' has {big.points:,} points in {big.rings:,} polygon(s), beyond the "
                          f"{MAX_POINTS:,} points or {MAX_RINGS:,} polygons triplea-compiler reads for a territory: "
                          "its geometry is neither checked nor drawn (TripleA draws it, slowly)", big.loc, SEVERITY)
