"""A coast is connected to the sea zones it borders, not to distant ones.

A connection between a land territory and a sea zone whose polygons lie farther apart than two unit images
(2 x units.width x units.scale pixels, across the wrap of a map that scrolls round) names the wrong sea zone
(or coast) when the map shows which one was meant: one end borders, without a connection, a territory of the
other end's kind whose name is close to the other end's ('Algeria' connected to the distant 'sz 26' while
its coast borders 'sz 28'); or the sea zone is connected to two or more coasts lying four unit images away
or more (its connections were written for another sea zone). TripleA lets units cross between the two
distant territories as neighbours, and never between the two that touch.

Other distant connections are not reported: maps link distant spaces on purpose far more often than by
mistake (holding boxes and off-map areas connected to many territories, straits and sea lanes drawn as a gap,
insets, railway tracks), and land borders without a connection are missing-connection's.

Failing (polygons.txt and the game)::

    Atlantis  <  (0,0) (40,0) (40,40) (0,40)  >
    Sea Zone 1  <  (40,0) (200,0) (200,40) (40,40)  >
    Sea Zone 2  <  (200,0) (400,0) (400,40) (200,40)  >
    <connection t1="Atlantis" t2="Sea Zone 2"/>
    <connection t1="Sea Zone 1" t2="Sea Zone 2"/>

Passing (the game)::

    <connection t1="Atlantis" t2="Sea Zone 1"/>
    <connection t1="Sea Zone 1" t2="Sea Zone 2"/>

How to fix: connect the coast to the sea zone it borders (the message names it when the map shows which),
instead of the distant one; or correct the sea zone's number.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterator

from compiler.checks._geometry import MapShapes, map_shapes
from compiler.checks.context import CheckContext
from compiler.checks.isolated_territory import territories
from compiler.model.game import Connection
from compiler.problems import Problem, Severity

ID = "distant-connection"
SEVERITY = Severity.WARNING
# How far apart (in unit images) two connected territories may lie.
DISTANCE_IN_UNITS = 2.0
# Polygons closer than this many unit images touch (coastlines are often drawn a few pixels apart)...
TOUCH_IN_UNITS = 0.25
# ... and border each other when they run this many pixels side by side.
MIN_BORDER = 10.0
# How alike (difflib's ratio) the name of the bordering territory and that of the distant end must be.
ALIKE = 0.6
# A sea zone connected to this many coasts at least FAR_IN_UNITS unit images away was numbered wrong.
MISNUMBERED = 2
FAR_IN_UNITS = 4.0


def _far(connections: list[Connection], shapes: MapShapes) -> list[tuple[Connection, float]]:
    """The connections whose territories lie farther apart than two unit images, with their distance."""
    limit = DISTANCE_IN_UNITS * shapes.geometry.unit_size
    measured = [(c.t1, c.t2) for c in connections if c.t1 in shapes.areas and c.t2 in shapes.areas]
    near = shapes.close_pairs(measured, limit)
    far = []
    for c in connections:
        if c.t1 in shapes.areas and c.t2 in shapes.areas and (c.t1, c.t2) not in near:
            gap = shapes.distance(c.t1, c.t2)
            if limit < gap < float("inf"):
                far.append((c, gap))
    return far


def _boxes(ctx: CheckContext, far: list[tuple[Connection, float]]) -> set[str]:
    """Territories most of whose connections (two or more) are distant: holding boxes, off-map areas."""
    every = Counter(name for c in ctx.model.connections for name in (c.t1, c.t2))
    distant = Counter(name for c, _ in far for name in (c.t1, c.t2))
    return {name for name, count in distant.items() if count >= 2 and 2 * count > every[name]}


def _meant(ctx: CheckContext, shapes: MapShapes, here: str, there: str) -> str | None:
    """The territory `here` borders without a connection, of the kind of `there` and with a name like it:
    the one the connection to the distant `there` probably meant; None if none."""
    facts = territories(ctx)
    if facts.touching is None:
        return None
    water = there in ctx.water
    view = ctx.map
    tolerance = max(2.0, TOUCH_IN_UNITS * shapes.geometry.unit_size)
    best: tuple[float, str] | None = None
    for other in sorted(facts.touching(here) or ()):
        if other == there or (other in ctx.water) != water or view.adjacent(here, other):
            continue
        if other in facts.impassable or not view.connected(other):
            continue
        alike = difflib.SequenceMatcher(None, other, there).ratio()
        if alike < ALIKE or (best is not None and alike <= best[0]):
            continue
        if shapes.shared_border(here, other, tolerance) >= MIN_BORDER:
            best = (alike, other)
    return best[1] if best else None


def _misnumbered(ctx: CheckContext, shapes: MapShapes, far: list[tuple[Connection, float]],
                 boxes: set[str]) -> set[str]:
    """Sea zones (not boxes) connected to MISNUMBERED or more coasts lying FAR_IN_UNITS unit images away."""
    reach = FAR_IN_UNITS * shapes.geometry.unit_size
    coasts = Counter(sea for c, gap in far if gap >= reach
                     for sea in (c.t1, c.t2) if sea in ctx.water)
    return {sea for sea, count in coasts.items() if count >= MISNUMBERED and sea not in boxes}


def _message(a: str, b: str, gap: float, meant: tuple[str, str] | None, sea: str) -> str:
    """What is wrong with the connection of `a` and `b`, and what TripleA does with it."""
    said = f"'{a}' and '{b}' are connected but their polygons lie {gap:.0f} pixels apart"
    effect = f"TripleA lets units cross between '{a}' and '{b}' as neighbours"
    if meant is not None:
        here, other = meant
        return (f"{said}, while '{here}' borders '{other}' without a connection (did you mean '{other}'?): {effect}, "
                f"never between '{here}' and '{other}'")
    return f"{said}, and '{sea}' is connected to other distant coasts too (a sea zone's number mixed up?): {effect}"


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    water = ctx.water
    far = _far([c for c in ctx.model.connections if (c.t1 in water) != (c.t2 in water)], shapes)
    if not far:  # the connections of land and sea are measured first: most maps have no distant one
        return
    distant = _far(ctx.model.connections, shapes)
    boxes = _boxes(ctx, distant)
    misnumbered = _misnumbered(ctx, shapes, far, boxes)
    reach = FAR_IN_UNITS * shapes.geometry.unit_size
    polygons = shapes.geometry.polygons
    for connection, gap in far:
        a, b = connection.t1, connection.t2
        if a in boxes or b in boxes:
            continue
        meant = next(((here, other) for here, there in ((a, b), (b, a))
                      if (other := _meant(ctx, shapes, here, there)) is not None), None)
        sea = a if a in water else b
        if meant is None and not (sea in misnumbered and gap >= reach):
            continue
        related = (polygons[a].loc, polygons[b].loc) + ((polygons[meant[1]].loc,) if meant else ())
        yield Problem(ID, _message(a, b, gap, meant, sea), connection.loc, SEVERITY, related=related)
