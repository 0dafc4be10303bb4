"""An approximated rule says what differs from the document (detail:).

Failing::

    rules:
      - {rule: Convoys, realization: approximated}

Passing::

    rules:
      - {rule: Convoys, realization: approximated, detail: convoy zones halve income, not a die roll}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "coverage-detail"
SEVERITY = Severity.WARNING


def check(ctx: SpecContext) -> Iterator[Problem]:
    for index, r in enumerate(ctx.spec.rules):
        if r.realization == "approximated" and not r.detail:
            yield Problem(ID, f"rule '{r.rule}' is approximated: say what differs in detail:",
                          ctx.spec.where("rules", index), SEVERITY)
