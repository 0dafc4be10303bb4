"""Production rules and frontiers are sound.

Rules have costs and results with whole-number quantities, and frontiers list a rule once.

A rule without cost or result, or a quantity that is not a whole number, makes TripleA refuse
the game (a missing quantity is 0, which it accepts). TripleA 2.x also refuses a frontier that
lists a rule twice ("Rule already added"; 1.9 shows it twice, a warning). A player with a purchase
step but no frontier is buyer-without-frontier.

Failing::

    <productionRule name="buyTank"><result resourceOrUnit="armour" quantity="one"/></productionRule>

Passing::

    <productionRule name="buyTank">
      <cost resource="PUs" quantity="5"/><result resourceOrUnit="armour" quantity="1"/>
    </productionRule>

How to fix: give each rule a <cost> and a <result> with whole-number quantities, and list each rule once per
frontier.
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
