"""Checks the spec language promises beyond the validator's: stricter, because a spec states intent.

The validator accepts what real maps do (a canal on land used as a rail, a game with no relationships
that TripleA fills with defaults); a spec's `canals`, `relationships` and frontiers mean more.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import combinations

from compiler.model import GameModel
from compiler.problems import Problem, Severity
from compiler.spec.models import Spec


def _neighbours(game: GameModel) -> dict[str, set[str]]:
    result: dict[str, set[str]] = defaultdict(set)
    for c in game.connections:
        result[c.t1].add(c.t2)
        result[c.t2].add(c.t1)
    return result


def canal_problems(spec: Spec, game: GameModel) -> Iterator[Problem]:
    """A canal joins water territories, each bordering the canal's controlling land."""
    water = game.water_names()
    known = game.territory_names()
    neighbours = _neighbours(game)
    for name, canal in spec.canals.items():
        for zone in canal.sea_zones:
            if zone not in known:
                continue  # reported by the validator as an unknown territory
            if zone not in water:
                yield Problem("canal-not-water", f"canal '{name}': '{zone}' is not a sea zone", canal.loc)
                continue
            for land in canal.land:
                if land in known and land not in neighbours[zone]:
                    yield Problem("canal-not-adjacent",
                                  f"canal '{name}': sea zone '{zone}' does not border its land territory '{land}'",
                                  canal.loc)
        for land in canal.land:
            if land in water:
                yield Problem("canal-not-water", f"canal '{name}': controlling territory '{land}' is water", canal.loc)


def strait_problems(spec: Spec) -> Iterator[Problem]:
    """A strait joins two different land territories of the map."""
    for name, strait in spec.straits.items():
        a, b = strait.between
        if a == b:
            yield Problem("strait-not-land", f"strait '{name}' joins '{a}' to itself", strait.loc)
        for side in (a, b):
            t = spec.territories.get(side, ...)
            if t is ...:
                yield Problem("unknown-territory", f"strait '{name}' names unknown territory '{side}'", strait.loc)
            elif t is not None and t.water:
                yield Problem("strait-not-land", f"strait '{name}' must join land territories; '{side}' is water",
                              strait.loc)


def relationship_problems(spec: Spec, game: GameModel) -> Iterator[Problem]:
    """Every pair of players has an initial relationship (a warning: TripleA fills a missing pair
    from the alliances, allied within one and at war between, which real maps rely on)."""
    have = {frozenset((r.player1, r.player2)) for r in game.relationships}
    loc = spec.where("relationships") if spec.relationships else spec.where("players")
    for a, b in combinations(spec.players, 2):
        if frozenset((a, b)) not in have:
            yield Problem("missing-relationship",
                          f"no relationship between '{a}' and '{b}' (set relationships: within/between or a pair; "
                          "TripleA falls back to allied within an alliance, war between)", loc, Severity.WARNING)


def frontier_problems(spec: Spec, game: GameModel) -> Iterator[Problem]:
    """When the game has production, every player buys from a frontier."""
    if not game.production_frontiers:
        return
    buying = {pp.player for pp in game.player_production}
    if spec.production.default_frontier == "":  # "" says: no frontier, on purpose
        buying |= {name for name, p in spec.players.items() if p is None or p.frontier is None}
    buying |= {name for name, p in spec.players.items() if p is not None and p.frontier == ""}
    for player in spec.players:
        if player not in buying:
            yield Problem("missing-frontier",
                          f"player '{player}' has no production frontier (set players.{player}.frontier "
                          "or production.default_frontier)", spec.where("players", player))


def spec_problems(spec: Spec, game: GameModel) -> list[Problem]:
    return [
        *canal_problems(spec, game),
        *strait_problems(spec),
        *relationship_problems(spec, game),
        *frontier_problems(spec, game),
    ]
