"""no-city-spending: a power with no cities left collects no income, yet may still spend what it has.

G40 Alt Universe: there are no capitals; a power keeps collecting income while it holds at least
one city (units of `city_types` on territories it owns), and keeps its unspent IPCs to spend on
any later turn. (TripleA stops such a power from spending: players fix that in edit mode, and this
rule accepts its purchases.) Income is a `resources` event whose reason mentions income.

    - id: no-city-spending
      players: [Germans, Russians, Japanese, Americans, British, Italians, ANZAC, French]

Breaks: the Italians own no city and collect 12 PUs of income.
Keeps:  the Italians own no city, collect nothing, and buy 2 infantry with the PUs they still have.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class NoCitySpendingParams(RuleParams):
    players: list[str] | None = Field(default=None, description="default: every player")
    city_types: list[str] = Field(default_factory=lambda: ["city"])


class NoCitySpending(HouseRule[NoCitySpendingParams]):
    """a power with no cities left collects no income, yet may still spend what it has."""

    id = "no-city-spending"

    def setup(self) -> None:
        p = self.params
        self.need("player", p.players or ())
        self.need("unit", p.city_types)
        self.cities = set(p.city_types)

    def cities_of(self, board: Board, player: str) -> int:
        return sum(
            n
            for t, owner in board.owners.items()
            if owner == player
            for (typ, _), n in board.units.get(t, {}).items()
            if typ in self.cities
        )

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.ResourceChange) or event.amount <= 0 or not event.player:
            return
        if p.players is not None and event.player not in p.players:
            return
        if not event.reason or "income" not in event.reason.lower():
            return
        if self.cities_of(board, event.player) == 0:
            yield f"{event.player} holds no city but collects {event.amount} {event.resource} of income"
