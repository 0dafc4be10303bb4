"""No polygon in the map's polygons.txt crosses itself.

TripleA fills a crossing polygon by the even-odd rule: the part inside the loop is left out, shows
the wrong colour and is not part of the territory when clicked. A ring that only touches itself at
a point fills correctly and passes.

Failing (polygons.txt, a bow tie)::

    Atlantis  <  (0,0) (20,20) (20,0) (0,20)  >

Passing (polygons.txt)::

    Atlantis  <  (0,0) (20,0) (20,20) (0,20)  >
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "self-intersecting-polygon"
SEVERITY = Severity.WARNING
_CROSSING = re.compile(r"^Self-intersection\[(-?[\d.e+-]+) (-?[\d.e+-]+)\]")


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    yield from shapes.found(ID, _crossing)  # the map's alone: found once for the games of a map


def _crossing(shapes: MapShapes) -> Iterator[Problem]:
    """The polygons of polygons.txt that cross themselves, each at its first crossing."""
    from shapely.validation import explain_validity  # only maps with polygons pay for shapely

    for name, outline in shapes.geometry.polygons.items():
        for number, shape in enumerate(shapes.rings[name], start=1):
            if shape.polygon is None or shape.empty or shape.valid:
                continue
            crossing = _CROSSING.match(explain_validity(shape.polygon))
            if crossing is None:  # a ring touching itself at a point: filled correctly
                continue
            x, y = round(float(crossing.group(1))), round(float(crossing.group(2)))
            which = f"polygon {number} of '{outline.name}'" if len(outline.texts) > 1 else \
                f"the polygon of '{outline.name}'"
            yield Problem(ID, f"{which} crosses itself at ({x},{y}): TripleA leaves part of it unfilled",
                          outline.loc, SEVERITY)
