"""build-limit: a player may own at most N units of a type (counting the map and this turn's buys).

Empire (AI-playable version): each player is limited to 18 infantry, 6 cavalry, 3 catapults.

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
from compiler.engine.replay import Context
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class Params(RuleParams):
    limits: dict[str, int] = Field(min_length=1)
    players: list[str] | None = None


class BuildLimit(HouseRule):
    id = "build-limit"
    Params = Params

    def setup(self) -> None:
        p: Params = self.params  # type: ignore[assignment]
        self.need("unit", p.limits)
        self.need("player", p.players or ())
        self.bought: Counter[str] = Counter()
        self.reported: set[tuple[int, str, str]] = set()

    def start_turn(self, ctx: Context) -> Iterable[str]:
        self.bought = Counter()
        return ()

    def _check(self, ctx: Context, player: str, pending: Counter[str]) -> Iterable[str]:
        p: Params = self.params  # type: ignore[assignment]
        for unit, limit in p.limits.items():
            total = ctx.board.owned_units(player, unit) + pending[unit]
            key = (ctx.turn_index, player, unit)
            if total > limit and key not in self.reported:
                self.reported.add(key)
                yield f"{player} would have {total} {unit}; the limit is {limit}"

    def before(self, ctx: Context, event: ev.EventBase) -> Iterable[str]:
        p: Params = self.params  # type: ignore[assignment]
        if not isinstance(event, ev.Purchase):
            return
        player = event.player or mover(event)
        if player is None or (p.players and player not in p.players):
            return
        for s in event.units:
            self.bought[s.type] += s.count
        yield from self._check(ctx, player, self.bought)

    def after(self, ctx: Context, event: ev.EventBase) -> Iterable[str]:
        p: Params = self.params  # type: ignore[assignment]
        if not isinstance(event, ev.Place):
            return
        player = mover(event)
        if player is None or (p.players and player not in p.players):
            return
        for s in event.units:
            self.bought[s.type] = max(self.bought[s.type] - s.count, 0)
        yield from self._check(ctx, player, self.bought)
