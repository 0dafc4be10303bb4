"""A strait names territories of the map (the validator's unknown-territory, for a spec's straits).

Failing::

    straits:
      Channel: {between: [England, Frnace]}

Passing::

    straits:
      Channel: {between: [England, France]}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "unknown-territory"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    for name, strait in ctx.spec.straits.items():
        for side in strait.between:
            if side not in ctx.spec.territories:
                yield Problem(ID, f"strait '{name}' names unknown territory '{side}'", strait.loc, SEVERITY)
