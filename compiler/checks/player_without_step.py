"""A player set up to buy takes part in at least one step of the sequence.

TripleA never gives a turn to a player that appears in no step: its units only defend and it never spends
its resources. Maps do that on purpose for passive sides (neutrals, a "Neutral_True" or "none" owner of
blocked territories, minor powers that only defend), so only a player set up to play is reported: one with a
production frontier (playerProduction) and resources to spend at the start (a resourceGiven above zero).

Failing::

    <player name="Italians" optional="false"/>
    <playerProduction player="Italians" frontier="italianFrontier"/>
    <resourceGiven player="Italians" resource="PUs" quantity="10"/>
    <!-- no step names Italians -->

Passing::

    <step name="italianPurchase" delegate="purchase" player="Italians"/>

How to fix: add the player's steps to the sequence (purchase, move, battle, place, end turn), or take away its
production frontier and resources if it is meant to stay passive.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.model.game import int_value
from compiler.problems import Problem, Severity

ID = "player-without-step"
SEVERITY = Severity.WARNING


def _funds(ctx: CheckContext) -> dict[str, list[str]]:
    """player -> the resources given at the start above zero ('10 PUs')."""
    funds: dict[str, list[str]] = {}
    for given in ctx.model.resources_given:
        if int_value(given.quantity) > 0:
            funds.setdefault(given.player, []).append(f"{int_value(given.quantity)} {given.resource}")
    return funds


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if not g.steps:
        return
    playing = {s.player for s in g.steps if s.player}
    frontiers = {p.player: p.frontier for p in g.player_production}
    funds = _funds(ctx)
    for p in g.players:
        if p.name in playing or p.name not in frontiers or p.name not in funds:
            continue
        yield Problem(ID, f"player '{p.name}' takes part in no step of the sequence: TripleA never gives it a turn, "
                          f"so it never buys from its frontier '{frontiers[p.name]}' with its "
                          f"{', '.join(funds[p.name])}", p.loc, SEVERITY)
