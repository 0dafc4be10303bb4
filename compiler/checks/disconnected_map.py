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
from compiler.problems import Problem, Severity

ID = "disconnected-map"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    parts = sorted(ctx.map.components(), key=len, reverse=True)
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
