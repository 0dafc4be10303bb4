"""No polygon in the map's polygons.txt winds twice round part of its territory.

TripleA fills a territory's polygon, and finds the territory under a click, by the even-odd rule
(java.awt.Polygon): a part the outline winds round twice (a loop drawn over the polygon itself) is
left unfilled, shows the wrong colour and is not part of the territory when clicked. Reported when
that part covers MIN_UNFILLED square pixels or more. A ring that crosses itself otherwise is filled as
drawn and passes: a bow tie (both halves wound once), a zero-width spike, a cut line running in to a
hole and back out (lakes and territories inside another: the hole is meant to stay out), a ring
touching itself at a point.

Failing (polygons.txt, the top right loop drawn over the square it starts from)::

    Atlantis  <  (0,0) (30,0) (30,30) (10,30) (10,10) (20,10) (20,40) (0,40)  >

Passing (polygons.txt)::

    Atlantis  <  (0,0) (30,0) (30,40) (0,40)  >
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

if TYPE_CHECKING:
    import numpy as np

ID = "self-intersecting-polygon"
SEVERITY = Severity.WARNING
# A loop winding twice round less than this many square pixels is not seen (a one-pixel spike).
MIN_UNFILLED = 25.0
_CROSSING = re.compile(r"^Self-intersection\[(-?[\d.e+-]+) (-?[\d.e+-]+)\]")


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    yield from shapes.found(ID, _crossing)  # the map's alone: found once for the games of a map


def _crossing(shapes: MapShapes) -> Iterator[Problem]:
    """The polygons of polygons.txt that wind twice round MIN_UNFILLED square pixels or more, each at its
    first crossing."""
    from shapely.validation import explain_validity  # only maps with polygons pay for shapely

    for name, outline in shapes.geometry.polygons.items():
        for number, shape in enumerate(shapes.rings[name], start=1):
            if shape.polygon is None or shape.empty or shape.valid:
                continue
            crossing = _CROSSING.match(explain_validity(shape.polygon))
            if crossing is None:  # a ring touching itself at a point: filled correctly
                continue
            unfilled = twice_wound_area(outline.rings[number - 1])
            if unfilled < MIN_UNFILLED:  # a bow tie, a zero-width spike, a cut line to a hole: as drawn
                continue
            x, y = round(float(crossing.group(1))), round(float(crossing.group(2)))
            which = f"polygon {number} of '{outline.name}'" if len(outline.texts) > 1 else \
                f"the polygon of '{outline.name}'"
            yield Problem(ID, f"{which} crosses itself at ({x},{y}) and winds twice round {unfilled:.0f} square "
                              "pixels: TripleA fills it by the even-odd rule, so it leaves them unfilled, "
                              "and a click there finds no territory", outline.loc, SEVERITY)


def twice_wound_area(ring: Sequence[tuple[int, int]]) -> float:
    """The area the ring winds round an even number of times (not zero): what the even-odd rule leaves out
    of what the outline encloses (the faces it encloses without winding round them are holes, meant). The
    ring's lines are cut where they cross; each face between them is judged by the ring's winding number
    at a point inside it."""
    import numpy as np
    import shapely
    from shapely.geometry import LineString

    closed = [*ring, ring[0]]
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.unary_union(LineString(closed)))))
    xy = np.array(closed, dtype=float)
    twice = 0.0
    for face in faces:
        point = face.representative_point()
        winding = _winding(xy, point.x, point.y)
        if winding and winding % 2 == 0:
            twice += float(face.area)
    return twice


def _winding(xy: np.ndarray, x: float, y: float) -> int:
    """The winding number of the closed ring `xy` round (x, y) (the point on no edge)."""
    x0, y0, x1, y1 = xy[:-1, 0], xy[:-1, 1], xy[1:, 0], xy[1:, 1]
    side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)
    up = (y0 <= y) & (y1 > y) & (side > 0)
    down = (y0 > y) & (y1 <= y) & (side < 0)
    return int(up.sum() - down.sum())
