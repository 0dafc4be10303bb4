"""A strait joins two different land territories.

Failing::

    straits:
      Channel: {between: [England, North Sea]}    # North Sea is water

Passing::

    straits:
      Channel: {between: [England, France]}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "strait-not-land"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    for name, strait in ctx.spec.straits.items():
        a, b = strait.between
        if a == b:
            yield Problem(ID, f"strait '{name}' joins '{a}' to itself", strait.loc, SEVERITY)
        for side in (a, b):
            t = ctx.spec.territories.get(side)
            if t is not None and t.water:
                yield Problem(ID, f"strait '{name}' must join land territories; '{side}' is water", strait.loc,
                              SEVERITY)
