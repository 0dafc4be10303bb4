"""Every player with a purchase step buys from a production frontier.

A player whose purchase step runs without a playerProduction frontier has nothing to buy.

Failing::

    <delegate name="purchase" javaClass="games.strategy.triplea.delegate.PurchaseDelegate"/>
    <step name="germanPurchase" delegate="purchase" player="Germans"/>
    <!-- no <playerProduction player="Germans" .../> -->

Passing::

    <step name="germanPurchase" delegate="purchase" player="Germans"/>
    <playerProduction player="Germans" frontier="germanFrontier"/>

How to fix: give the player a <playerProduction> frontier, or remove its purchase step.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "buyer-without-frontier"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    buyers = {p.player for p in g.player_production}
    purchase = {d.name for d in g.delegates if d.java_class.endswith("PurchaseDelegate")}
    reported: set[str] = set()
    for step in g.steps:
        if step.delegate in purchase and step.player and step.player not in buyers and step.player not in reported:
            reported.add(step.player)
            if step.player in ctx.players:
                yield Problem(ID, f"player '{step.player}' has a purchase step but no playerProduction frontier",
                              step.loc, SEVERITY)
