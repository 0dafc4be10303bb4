"""Every rule a production or repair frontier lists is declared.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <productionFrontier name="production"><frontierRules name="buyTank"/></productionFrontier>  <!-- no rule buyTank -->

Passing::

    <productionRule name="buyTank">...</productionRule> ... <frontierRules name="buyTank"/>

How to fix: correct the rule's name in <frontierRules>, or declare the <productionRule> (<repairRule> for a
repair frontier).
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-production-rule"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    yield from unknown_refs(ctx, ID, {"production-rule": "production rule"}, {r.name for r in g.production_rules})
    yield from unknown_refs(ctx, ID, {"repair-rule": "repair rule"}, {r.name for r in g.repair_rules})
