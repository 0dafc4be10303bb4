"""A house rule names only territories, players and unit types the game has.

A misspelt name would make the rule check nothing there, or refuse the game when a save is checked.

Failing::

    house_rules:
      - {id: strait-crossing, straits: [[UK5, Atlantis]]}   # no territory Atlantis

Passing::

    house_rules:
      - {id: strait-crossing, straits: [[UK5, F3]]}
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import ValidationError

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "house-rule-unknown-name"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    from compiler.engine.rules import RuleError, make_rule

    for index, h in enumerate(ctx.spec.house_rules):
        rule = ctx.house_rules.get(h.id)
        if rule is None:
            continue  # coverage-unknown-house-rule
        try:
            rule.Params.model_validate(dict(h.model_extra or {}))
        except ValidationError:
            continue  # coverage-house-rule-params
        try:
            make_rule(h.model_dump(), ctx.world, index)
        except RuleError as err:
            yield Problem(ID, f"house rule '{h.id}': {err.detail}", ctx.spec.where("house_rules", index), SEVERITY)
