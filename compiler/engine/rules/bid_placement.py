"""bid-placement: a bid is placed as the league says: who may bid, which units, where, how many per territory.

Leagues give a side extra PUs (the bid) spent before the game in the bid steps (TripleA's `bid` and `placeBid`
delegates). Their conventions, each optional: the 2025 Revised championship (one unit per territory, into the
bidder's own territories, ships only where that power already has ships):

    - id: bid-placement
      per_territory: 1
      own_territories: true
      ships_where_ships: true

and a v3 1941 tournament (the Allies bid, no bombers, only infantry for China):

    - id: bid-placement
      bidders: [Allies]
      banned: [bomber]
      only: {Chinese: [infantry]}

Units bought or placed in a bid step are judged; a bid placed by a player who may not bid breaks it at once.
What a player does in TripleA's edit mode during a bid step (units added, owners changed) is no bid and is not
judged, but the board it leaves is: a bid infantry placed where an edit gave the bidder the territory goes into
the bidder's own territory.

Breaks: the Russians place two infantry of their bid in Karelia, or a submarine in a sea zone with no Russian ship.
Keeps:  the Russians place one infantry in Karelia and one in Caucasus.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, describe
from compiler.engine.state import UnitStack


class BidPlacementParams(RuleParams):
    bidders: list[str] | None = Field(None, description="players or alliances who may bid (anyone when absent)")
    banned: list[str] = Field(default_factory=list, description="unit types no bid may hold")
    only: dict[str, list[str]] = Field(default_factory=dict,
                                       description="player -> the only unit types its bid may hold")
    per_territory: int | None = Field(None, ge=1, description="at most this many bid units placed in a territory")
    own_territories: bool = Field(False, description="land units only into territories the bidder owns")
    ships_where_ships: bool = Field(False, description="sea units only into sea zones where the bidder has ships")


def is_bid_step(board: Board, step: str | None) -> bool:
    """Whether `step` is a bid step: its delegate (bid, placeBid), else its name, says so."""
    if not step:
        return False
    delegate = board.world.steps.get(step, ("", None))[0]
    return "bid" in (delegate or step).lower()


class BidPlacement(HouseRule[BidPlacementParams]):
    """a bid is placed as the league says: who may bid, which units, where, how many per territory."""

    id = "bid-placement"

    def setup(self) -> None:
        p = self.params
        if p.bidders is not None:
            self.need("side", p.bidders)
        self.need("unit", [*p.banned, *(u for units in p.only.values() for u in units)])
        self.need("player", p.only)
        self.bidders = None if p.bidders is None else set().union(*(self.world.members(s) for s in p.bidders))
        self.placed: Counter[tuple[str, str]] = Counter()

    def _units(self, player: str, stacks: list[UnitStack], verb: str) -> Iterable[str]:
        p = self.params
        if self.bidders is not None and player not in self.bidders:
            yield f"{player} {verb} a bid ({describe(stacks)}); only {', '.join(p.bidders or [])} may bid"
            return
        banned = [s for s in stacks if s.type in p.banned]
        if banned:
            yield f"{player}'s bid holds {describe(banned)}; no bid may hold {', '.join(p.banned)}"
        if player in p.only:
            other = [s for s in stacks if s.type not in p.only[player]]
            if other:
                yield f"{player}'s bid holds {describe(other)}; {player} may bid only {', '.join(p.only[player])}"

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, (ev.Purchase, ev.Place)) or not is_bid_step(board, event.step or board.step):
            return
        if event.edit:  # TripleA's edit mode: no bid
            return
        player = event.player or board.player
        if player is None:
            return
        if isinstance(event, ev.Purchase):
            yield from self._units(player, event.units, "buys")
            return
        yield from self._units(player, event.units, "places")
        yield from self._where(board, player, event)

    def _where(self, board: Board, player: str, event: ev.Place) -> Iterable[str]:
        p = self.params
        where = event.territory
        count = sum(s.count for s in event.units)
        self.placed[(player, where)] += count
        if p.per_territory is not None and self.placed[(player, where)] > p.per_territory:
            yield (f"{player} has placed {self.placed[(player, where)]} bid units in {where}; at most "
                   f"{p.per_territory} per territory")
        world = self.world
        sea = [s for s in event.units if world.unit(s.type).is_sea]
        land = [s for s in event.units if not world.unit(s.type).is_sea]
        if p.own_territories and land and world.is_land(where) and board.owners.get(where) != player:
            yield (f"{player} places bid units ({describe(land)}) in {where}, held by "
                   f"{board.owners.get(where) or 'nobody'}; a bid goes into the bidder's own territories")
        if p.ships_where_ships and sea:
            here = board.units.get(where, Counter())
            if not any(n > 0 and owner == player and world.unit(kind).is_sea for (kind, owner), n in here.items()):
                yield (f"{player} places bid ships ({describe(sea)}) in {where}, where it has no ship; bid ships "
                       "go only where that power already has ships")
