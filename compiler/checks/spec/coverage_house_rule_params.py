"""A house rule's parameters are the ones its rule takes, with values of the right types.

Failing::

    house_rules:
      - {id: strait-crossing, straits: UK5-F3}       # a list of pairs expected

Passing::

    house_rules:
      - {id: strait-crossing, straits: [[UK5, F3]]}
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import ValidationError

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "coverage-house-rule-params"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    for index, params in ctx.rule_params.items():
        if isinstance(params, ValidationError):
            first = params.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            yield Problem(ID, f"house rule '{ctx.spec.house_rules[index].id}': {where}: {first['msg']}",
                          ctx.spec.where("house_rules", index), SEVERITY)
