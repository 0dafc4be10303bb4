"""Production rules and frontiers are sound.

Rules have costs and results with whole-number quantities, frontiers list a rule once, and every
player with a purchase step buys from a production frontier.

A rule without cost or result, or a quantity that is not a whole number, makes TripleA refuse
the game; a purchasing player without a frontier has nothing to buy; a frontier that lists a
rule twice shows it twice.

Failing::

    <productionRule name="buyTank"><result resourceOrUnit="armour" quantity="one"/></productionRule>

Passing::

    <productionRule name="buyTank">
      <cost resource="PUs" quantity="5"/><result resourceOrUnit="armour" quantity="1"/>
    </productionRule>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._numbers import is_int
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "production"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    for rules, label in ((g.production_rules, "production rule"), (g.repair_rules, "repair rule")):
        for rule in rules:
            if not rule.costs:
                yield Problem(ID, f"{label} '{rule.name}' has no cost", rule.loc, SEVERITY)
            if not rule.results:
                yield Problem(ID, f"{label} '{rule.name}' has no result", rule.loc, SEVERITY)
            for entry in (*rule.costs, *rule.results):
                if not is_int(entry.quantity):
                    yield Problem(ID, f"quantity '{entry.quantity}' of {label} '{rule.name}' is not a whole number",
                                  entry.loc, SEVERITY)
    for frontier in (*g.production_frontiers, *g.repair_frontiers):
        seen: set[str] = set()
        locs = frontier.rule_locs or [frontier.loc] * len(frontier.rules)
        for name, loc in zip(frontier.rules, locs, strict=False):
            if name in seen:
                yield Problem(ID, f"frontier '{frontier.name}' lists rule '{name}' twice", loc, Severity.WARNING)
            seen.add(name)
    buyers = {p.player for p in g.player_production}
    purchase = {d.name for d in g.delegates if d.java_class.endswith("PurchaseDelegate")}
    reported: set[str] = set()
    for step in g.steps:
        if step.delegate in purchase and step.player and step.player not in buyers and step.player not in reported:
            reported.add(step.player)
            if step.player in ctx.players:
                yield Problem(ID, f"player '{step.player}' has a purchase step but no playerProduction frontier",
                              step.loc, Severity.WARNING)
