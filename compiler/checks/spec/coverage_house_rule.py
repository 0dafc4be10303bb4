"""A rule realised as a house rule names one that house_rules: configures.

Failing::

    rules:
      - {rule: Straits, realization: house-rule}          # names none
      - {rule: Canals, realization: house-rule, house_rule: canal-control}   # not configured

Passing::

    house_rules:
      - {id: canal-control, canals: {Suez: [Egypt]}}
    rules:
      - {rule: Canals, realization: house-rule, house_rule: canal-control}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "coverage-house-rule"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    configured = {h.id for h in ctx.spec.house_rules}
    for index, r in enumerate(ctx.spec.rules):
        loc = ctx.spec.where("rules", index)
        if r.realization == "house-rule" and not r.house_rule:
            yield Problem(ID, f"rule '{r.rule}' is a house rule but names none (house_rule:)", loc, SEVERITY)
        if r.house_rule and r.house_rule not in configured:
            yield Problem(ID, f"rule '{r.rule}' names house rule '{r.house_rule}', which house_rules: does not "
                              "configure", loc, SEVERITY)
