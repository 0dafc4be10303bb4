"""Production rules and frontiers are sound.

Rules have costs and results with whole-number quantities, frontiers list a rule once, and every
player with a purchase step buys from a production frontier.

A rule without cost or result, or a quantity that is not a whole number, makes TripleA refuse
the game (a missing quantity is 0, which it accepts). TripleA 2.x also refuses a frontier that
lists a rule twice ("Rule already added"; 1.9 shows it twice, a warning). A purchasing player
without a frontier has nothing to buy.

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
                if entry.quantity and not is_int(entry.quantity) and ctx.root is None:
                    yield Problem(ID, f"quantity '{entry.quantity}' of {label} '{rule.name}' is not a whole number",
                                  entry.loc, SEVERITY)
    twice = Severity.ERROR if ctx.engine == "2.x" else Severity.WARNING
    for frontier in (*g.production_frontiers, *g.repair_frontiers):
        seen: set[str] = set()
        locs = frontier.rule_locs or [frontier.loc] * len(frontier.rules)
        for name, loc in zip(frontier.rules, locs, strict=False):
            if name in seen:
                yield Problem(ID, f"frontier '{frontier.name}' lists rule '{name}' twice"
                              + (": TripleA 2.x refuses it ('Rule already added')" if twice == SEVERITY else ""),
                              loc, twice)
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
