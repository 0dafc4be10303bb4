"""Land territories whose polygons share a border are connected.

Two land territories drawn side by side with no connection between them cannot be crossed although
the map shows a common border: TripleA moves units only along connections, so a forgotten one walls
the border off. A border shorter than MIN_BORDER pixels (about half a unit image: polygons meeting at a
corner, where several territories meet) does not count.
Left out, as drawn that way on purpose: territories without any connection (isolated-territory
reports them), impassable ones, territories with no connection to land at all (islands drawn
touching, reached by sea only), territories smaller than a unit image (units.width x units.scale
squared: nodes, boxes and markers laid over the board, such as D-Day's circles), and territories
with two or more unconnected land borders (deserts, mountain ranges, neutral or out-of-play regions
that the map walls off on purpose). What is left is a single border missing between two territories
that are connected everywhere else.

Failing (polygons.txt, no connection between them)::

    Atlantis  <  (0,0) (40,0) (40,40) (0,40)  >
    Lemuria  <  (40,0) (80,0) (80,40) (40,40)  >

Passing (the game)::

    <connection t1="Atlantis" t2="Lemuria"/>
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.model.mapview import MapView
from compiler.model.vocabulary import TERRITORY
from compiler.problems import Problem, Severity

ID = "missing-connection"
SEVERITY = Severity.WARNING
# Polygons closer than TOUCH pixels touch; they share a border when it runs MIN_BORDER pixels or more.
TOUCH = 2.0
MIN_BORDER = 25.0


def _impassable(ctx: CheckContext) -> set[str]:
    return {inst.attach_to for inst in ctx.of_class(TERRITORY) if TERRITORY.describes(inst.attachment)
            and any(ov.option.name == "isImpassable" and ov.value.strip().lower() == "true" for ov in inst.options)}


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None or not ctx.model.connections:
        return
    view, water = ctx.map, ctx.water
    skip = _impassable(ctx)
    node = shapes.geometry.unit_size ** 2
    land = sorted(n for n in ctx.territories - water if n in shapes.areas and n not in skip
                  and not (view.neighbours(n) <= water) and shapes.areas[n].area >= node)
    polygons = shapes.geometry.polygons
    found = sorted(_unconnected_borders(shapes, view, land))
    walls = Counter(name for a, b, _ in found for name in (a, b))
    for a, b, border in found:
        if walls[a] > 1 or walls[b] > 1:  # a territory walled off on several sides: on purpose
            continue
        yield Problem(ID, f"land territories '{a}' and '{b}' share a border of {border:.0f} pixels "
                          "but no connection: TripleA moves no unit across it", polygons[a].loc, SEVERITY,
                      related=(polygons[b].loc,))


def _unconnected_borders(shapes: MapShapes, view: MapView, land: list[str]) -> Iterator[tuple[str, str, float]]:
    """(a, b, border) for the territories a < b of `land` that are not adjacent and whose outlines run
    MIN_BORDER pixels or more within TOUCH of each other (a's outline measured). Territories drawn alike
    are measured once per pair of drawings, and a pair of drawings whose border is too short is left at
    its first unconnected pair of territories: the work grows with the problems found and the connections,
    not with the pairs of territories that share a polygon."""
    near = shapes.near_groups(land, TOUCH, outline=MIN_BORDER)
    for i, j in near.pairs:
        firsts, seconds = near.members[i], near.members[j]
        border: float | None = None
        for at, a in enumerate(firsts):
            for b in (firsts[at + 1:] if i == j else seconds[bisect_right(seconds, a):]):
                if view.adjacent(a, b):
                    continue
                if border is None:
                    border = shapes.group_border(near, i, j)
                if border < MIN_BORDER:
                    break
                yield a, b, border
            if border is not None and border < MIN_BORDER:
                break
