"""A house rule is one the reference engine knows (else nothing checks it; the players must).

Failing::

    house_rules:
      - {id: warp-drive}

Passing::

    house_rules:
      - {id: strait-crossing, straits: [[UK5, F3]]}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "coverage-unknown-house-rule"
SEVERITY = Severity.WARNING


def check(ctx: SpecContext) -> Iterator[Problem]:
    for index, h in enumerate(ctx.spec.house_rules):
        known = ctx.house_rules  # the engine is imported only for a spec with house rules
        if h.id not in known:
            yield Problem(ID, f"house rule '{h.id}' is not (yet) a rule of the reference engine "
                              f"({', '.join(sorted(known))})", ctx.spec.where("house_rules", index), SEVERITY)
