"""All connected territories form one map: no group of territories is cut off from the rest.

Isolated single territories are reported by isolated-territory; this check reports groups of
two or more territories that cannot be reached from the largest part of the map.

Failing::

    <connection t1="A" t2="B"/> <connection t1="C" t2="D"/>   <!-- {C, D} unreachable from {A, B} -->

Passing::

    <connection t1="A" t2="B"/> <connection t1="B" t2="C"/> <connection t1="C" t2="D"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.model.game import GameModel
from compiler.problems import Problem, Severity

ID = "disconnected-map"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    known = ctx.territories
    parts = sorted(_components(g, known), key=len, reverse=True)
    locs = {t.name: t.loc for t in g.territories}
    order = {t.name: i for i, t in enumerate(g.territories)}
    for part in parts[1:]:
        first = min(part, key=lambda n: order.get(n, 0))
        names = sorted(part, key=lambda n: order.get(n, 0))
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        yield Problem(
            ID, f"{len(part)} territories cannot be reached from the main map: {shown}", locs.get(first, g.loc),
            SEVERITY,
        )


def _components(g: GameModel, known: set[str]) -> list[set[str]]:
    """Connected groups of the territories that connections between known territories join, in the
    order of their first territory in those connections (as networkx.connected_components gives)."""
    neighbours: dict[str, list[str]] = {}
    for c in g.connections:
        t1, t2 = c.t1, c.t2
        if t1 in known and t2 in known:
            neighbours.setdefault(t1, []).append(t2)
            neighbours.setdefault(t2, []).append(t1)
    seen: set[str] = set()
    parts = []
    for start in neighbours:
        if start in seen:
            continue
        part = {start}
        todo = [start]
        while todo:
            for nxt in neighbours[todo.pop()]:
                if nxt not in part:
                    part.add(nxt)
                    todo.append(nxt)
        seen |= part
        parts.append(part)
    return parts
