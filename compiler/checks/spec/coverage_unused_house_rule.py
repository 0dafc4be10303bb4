"""A configured house rule serves some rule listed in rules:.

Failing::

    house_rules:
      - {id: build-limit, limits: {factory: 1}}
    rules: []

Passing::

    house_rules:
      - {id: build-limit, limits: {factory: 1}}
    rules:
      - {rule: One factory a turn, realization: house-rule, house_rule: build-limit}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "coverage-unused-house-rule"
SEVERITY = Severity.WARNING


def check(ctx: SpecContext) -> Iterator[Problem]:
    used = {r.house_rule for r in ctx.spec.rules if r.house_rule}
    for index, h in enumerate(ctx.spec.house_rules):
        if h.id not in used:
            yield Problem(ID, f"house rule '{h.id}' serves no rule listed in rules:",
                          ctx.spec.where("house_rules", index), SEVERITY)
