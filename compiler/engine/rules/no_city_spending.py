"""no-city-spending: a power with no cities left collects no income, yet may still spend what it has.

G40 Alt Universe: there are no capitals; a power keeps collecting income while it holds at least
one city (units of `city_types` on territories it owns), and keeps its unspent IPCs to spend on
any later turn. (TripleA stops such a power from spending: players fix that in edit mode, and this
rule accepts its purchases.) Income is the end-of-turn collection: a `resources` event whose cause is
`income`, or, when it gives none, the turn player's first change of a resource in its end-turn step
(compiler/engine/income.py: as TripleA's history writes it, "Germans collect 31 PUs"; the text is not read).

    - id: no-city-spending
      players: [Germans, Russians, Japanese, Americans, British, Italians, ANZAC, French]

Breaks: the Italians own no city and collect 12 PUs in their end-turn step.
Keeps:  the Italians own no city, collect nothing, and buy 2 infantry with the PUs they still have.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.income import Causes
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
        self.causes = Causes()

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
        if not isinstance(event, ev.ResourceChange):
            return
        cause = self.causes.of(board, event)
        if event.amount <= 0 or not event.player or cause != "income":
            return
        if p.players is not None and event.player not in p.players:
            return
        if self.cities_of(board, event.player) == 0:
            yield f"{event.player} holds no city but collects {event.amount} {event.resource} of income"
