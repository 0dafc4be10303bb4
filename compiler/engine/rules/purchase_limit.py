"""purchase-limit: a player buys at most N units of a type in one turn.

Allies vs. Axis: at most 24 infantry, 16 tanks, 10 aircraft and 6 battleships recruited each turn.

    - id: purchase-limit
      limits: {infantry: 24, tank: 16, aircraft: 10, battleship: 6}

Breaks: the Allies buy 20 infantry and then 5 more in one turn.
Keeps:  the Allies buy 24 infantry in one turn and 24 again in their next turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, purchaser


class PurchaseLimitParams(RuleParams):
    limits: dict[str, int] = Field(min_length=1, description="unit type -> most bought in one turn")
    players: list[str] | None = Field(None, description="the players it binds (default: every player)")


class PurchaseLimit(HouseRule[PurchaseLimitParams]):
    """a player buys at most N units of a type in one turn."""

    id = "purchase-limit"

    def setup(self) -> None:
        self.need("unit", self.params.limits)
        self.need("player", self.params.players or ())
        self.bought: Counter[tuple[str, str]] = Counter()
        self.reported: set[tuple[str, str]] = set()

    def start_turn(self, board: Board) -> Iterable[str]:
        self.bought = Counter()
        self.reported = set()
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.Purchase) or (player := purchaser(event, self.params.players)) is None:
            return
        for stack in event.units:
            limit = self.params.limits.get(stack.type)
            if limit is None:
                continue
            key = (player, stack.type)
            self.bought[key] += stack.count
            if self.bought[key] > limit and key not in self.reported:
                self.reported.add(key)
                yield f"{player} buys {self.bought[key]} {stack.type} this turn; at most {limit} a turn"
