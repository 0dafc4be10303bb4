"""A connection joins territories whose polygons are near each other on the map.

When two connected territories lie farther apart than two unit images (2 x units.width x units.scale
pixels, across the wrap of a map that scrolls round), the connection usually names the wrong
territory (a typo, "Sea Zone 13" for "Sea Zone 31") or a polygon was drawn at the wrong place. Maps
also link distant spaces on purpose (a canal or a strait drawn as a gap): then ignore the id for
that map (`per-path-ignores`) or raise DISTANCE_IN_UNITS.

Failing (polygons.txt and the game)::

    Atlantis  <  (0,0) (40,0) (40,40) (0,40)  >
    Lemuria  <  (900,0) (940,0) (940,40) (900,40)  >
    <connection t1="Atlantis" t2="Lemuria"/>

Passing (polygons.txt)::

    Lemuria  <  (40,0) (80,0) (80,40) (40,40)  >
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._geometry import map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "distant-connection"
SEVERITY = Severity.WARNING
# How far apart (in unit images) two connected territories may lie.
DISTANCE_IN_UNITS = 2.0


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None:
        return
    limit = DISTANCE_IN_UNITS * shapes.geometry.unit_size
    polygons = shapes.geometry.polygons
    measured = [(c.t1, c.t2) for c in ctx.model.connections if c.t1 in shapes.areas and c.t2 in shapes.areas]
    near = shapes.close_pairs(measured, limit)
    for connection in ctx.model.connections:
        a, b = connection.t1, connection.t2
        if a not in shapes.areas or b not in shapes.areas or (a, b) in near:
            continue
        gap = shapes.distance(a, b)
        if limit < gap < float("inf"):
            yield Problem(ID, f"'{a}' and '{b}' are connected but their polygons lie {gap:.0f} pixels apart "
                              f"(more than {limit:.0f}, two unit images)", connection.loc, SEVERITY,
                          related=(polygons[a].loc, polygons[b].loc))
