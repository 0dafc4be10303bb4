"""When the game has production, every player buys from a frontier (or says it has none: "").

Failing::

    production: {frontiers: {Main: [buyInfantry]}}
    players: {Germans: {}}                    # no frontier, no default_frontier

Passing::

    production: {frontiers: {Main: [buyInfantry]}, default_frontier: Main}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "missing-frontier"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    spec, game = ctx.spec, ctx.model
    if not game.production_frontiers:
        return
    buying = {pp.player for pp in game.player_production}
    if spec.production.default_frontier == "":  # "" says: no frontier, on purpose
        buying |= {name for name, p in spec.players.items() if p is None or p.frontier is None}
    buying |= {name for name, p in spec.players.items() if p is not None and p.frontier == ""}
    for player in spec.players:
        if player not in buying:
            yield Problem(ID, f"player '{player}' has no production frontier (set players.{player}.frontier "
                              "or production.default_frontier)", spec.where("players", player), SEVERITY)
