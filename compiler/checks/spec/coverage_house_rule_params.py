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
    for index, h in enumerate(ctx.spec.house_rules):
        rule = ctx.house_rules.get(h.id)
        if rule is None:
            continue
        try:
            rule.Params.model_validate(dict(h.model_extra or {}))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            yield Problem(ID, f"house rule '{h.id}': {where}: {first['msg']}", ctx.spec.where("house_rules", index),
                          SEVERITY)
