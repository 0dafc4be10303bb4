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
    from compiler.engine.rules import RuleError, bind_rule

    for index, params in ctx.rule_params.items():  # unknown rules and invalid parameters: the coverage checks
        if isinstance(params, ValidationError):
            continue
        rule_id = ctx.spec.house_rules[index].id
        try:
            bind_rule(ctx.house_rules[rule_id], params, ctx.world, index)
        except RuleError as err:
            yield Problem(ID, f"house rule '{rule_id}': {err.detail}", ctx.spec.where("house_rules", index), SEVERITY)
