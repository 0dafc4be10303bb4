"""build-limit: a player may own at most N units of a type (counting the map and this turn's buys).

Empire (AI-playable version): each player is limited to 18 infantry, 6 cavalry, 3 catapults. As TripleA's
maxBuiltPerPlayer, the limit is on building: a purchase or placement of a type is checked against the
units of that type the player has; units gained otherwise (a caesar's surrender) are no violation
themselves, but no more of that type may then be bought.

    - id: build-limit
      limits: {infantry: 18, cavalry: 6, catapult: 3}

Breaks: Italia owns 17 infantry and purchases 2 more.
Keeps:  Italia owns 17 infantry and purchases 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover, purchaser


class BuildLimitParams(RuleParams):
    limits: dict[str, int] = Field(min_length=1)
    players: list[str] | None = None


class BuildLimit(HouseRule[BuildLimitParams]):
    """a player may own at most N units of a type (counting the map and this turn's buys)."""

    id = "build-limit"

    def setup(self) -> None:
        p = self.params
        self.need("unit", p.limits)
        self.need("player", p.players or ())
        self.bought: Counter[str] = Counter()
        self.reported: set[tuple[int, str, str]] = set()

    def start_turn(self, board: Board) -> Iterable[str]:
        self.bought = Counter()
        return ()

    def _check(self, board: Board, player: str, pending: Counter[str], units: set[str]) -> Iterable[str]:
        """The limits of `units` (the types an event buys or places) the player now exceeds."""
        p = self.params
        for unit, limit in p.limits.items():
            if unit not in units:
                continue
            total = board.owned_units(player, unit) + pending[unit]
            key = (board.turn_index, player, unit)
            if total > limit and key not in self.reported:
                self.reported.add(key)
                yield f"{player} would have {total} {unit}; the limit is {limit}"

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.Purchase) or (player := purchaser(event, self.params.players)) is None:
            return
        for s in event.units:
            self.bought[s.type] += s.count
        yield from self._check(board, player, self.bought, {s.type for s in event.units})

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Place):
            return
        player = mover(event)
        if player is None or (p.players and player not in p.players):
            return
        for s in event.units:
            self.bought[s.type] = max(self.bought[s.type] - s.count, 0)
        yield from self._check(board, player, self.bought, {s.type for s in event.units})
