"""All connected territories form one map: no group of territories is cut off from the rest, unless on purpose.

Isolated single territories are reported by isolated-territory; this check reports groups of two or more
territories that cannot be reached from the largest part of the map: TripleA never lets units move between
such a group and the rest. Groups the map keeps apart on purpose are not reported, on the same evidence as
isolated-territory: every territory of the group impassable, owned by a player that takes no turn, a marker
or named by the map's conditions and triggers (option switches such as `National_Advantages_Yes` and `_No`);
with the map's polygons, a group of empty territories (no production, no units) and a group drawn apart from
the rest of the map (none of its polygons touches the main map's); and a game with five or more (OFF_MAP)
territories out of the main map (the groups and the unconnected territories, impassable ones aside), which
keeps an off-map region by design.

Failing::

    <connection t1="A" t2="B"/> <connection t1="C" t2="D"/>   <!-- {C, D} unreachable from {A, B} -->

Passing::

    <connection t1="A" t2="B"/> <connection t1="B" t2="C"/> <connection t1="C" t2="D"/>

How to fix: connect the group to the rest of the map (a missing connection, often a misspelled name), or make
it impassable if it is kept apart on purpose.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.checks.isolated_territory import OFF_MAP, Territories, territories, unconnected
from compiler.problems import Problem, Severity

ID = "disconnected-map"
SEVERITY = Severity.WARNING


def _kept_apart(facts: Territories, part: set[str], main: set[str]) -> bool:
    """Whether the group `part` is out of play on purpose: each of its territories is, or the map draws the
    group away from the main map (False without the map's polygons)."""
    if all(facts.kept_apart(name) for name in part):
        return True
    if facts.touching is None:
        return False
    if all(facts.empty(name) for name in part):
        return True
    around: set[str] = set()
    for name in part:
        near = facts.touching(name)
        if near is None:
            return False
        around |= near
    return not around & main


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    parts = sorted(ctx.map.components(), key=len, reverse=True)
    if len(parts) < 2:
        return
    facts = territories(ctx)
    cut_off = [part for part in parts[1:] if not part <= facts.impassable]
    if sum(len(part - facts.impassable) for part in cut_off) + len(unconnected(ctx)) >= OFF_MAP:
        return
    locs = {t.name: t.loc for t in g.territories}
    order = {t.name: i for i, t in enumerate(g.territories)}
    for part in cut_off:
        if _kept_apart(facts, part, parts[0]):
            continue
        names = sorted(part, key=lambda n: order.get(n, 0))
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        yield Problem(
            ID, f"{len(part)} territories cannot be reached from the main map: {shown}; TripleA never lets units "
                "move between them and the rest", locs.get(names[0], g.loc), SEVERITY,
        )
