"""A rule of the document is listed once in rules:.

Failing::

    rules:
      - {rule: Straits, realization: native}
      - {rule: Straits, realization: house-rule, house_rule: strait-crossing}

Passing::

    rules:
      - {rule: Straits, realization: house-rule, house_rule: strait-crossing}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "coverage-duplicate"
SEVERITY = Severity.WARNING


def check(ctx: SpecContext) -> Iterator[Problem]:
    seen: set[str] = set()
    for index, r in enumerate(ctx.spec.rules):
        if r.rule in seen:
            yield Problem(ID, f"rule listed twice: '{r.rule}'", ctx.spec.where("rules", index), SEVERITY)
        seen.add(r.rule)
