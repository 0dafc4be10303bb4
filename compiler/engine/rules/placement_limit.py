"""placement-limit: a player may place units of some types only in listed territories, a few per territory.

Each listed territory takes at most `per_territory` of those units a turn, and only while its
condition held at the start of the player's turn; `when` (also at the start of the turn) must hold
for any to be placed.

G40 Alt Universe, China's Allied Materials (at war, one artillery or AA gun in each of C1, C5, C21
owned at the start of the turn while the Allied territory next to it was Allied):

    - id: placement-limit
      player: Chinese
      unit_types: [artilleryC, aaGunC]
      when: {at_war: [[Chinese, Axis]]}
      territories:
        C1: {controlled: {side: Chinese, territories: [C1]}, any_of: [{controlled: {side: Allies, territories: [R26]}}]}

Breaks: China places two artilleryC in C1, or one in C2.
Keeps:  China places one artilleryC in C1 and one aaGunC in C5.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, count_units
from compiler.engine.rules.conditions import Condition


class PlacementLimitParams(RuleParams):
    player: str
    unit_types: list[str] = Field(min_length=1)
    territories: dict[str, Condition | None] = Field(description="territory -> its condition (null: always)")
    per_territory: int = Field(1, ge=0)
    when: Condition | None = None


class PlacementLimit(HouseRule[PlacementLimitParams]):
    """a player may place units of some types only in listed territories, a few per territory."""

    id = "placement-limit"

    def setup(self) -> None:
        p = self.params
        self.need("player", [p.player])
        self.need("unit", p.unit_types)
        self.need("territory", p.territories)
        for condition in [p.when, *p.territories.values()]:
            if condition:
                names = condition.names()
                self.need("side", names["side"])
                self.need("territory", names["territory"])
                self.need("unit", names["unit"])
        self.open: set[str] = set()
        self.placed: Counter[str] = Counter()

    def start_turn(self, board: Board) -> Iterable[str]:
        p = self.params
        self.placed = Counter()
        self.open = set()
        if board.player == p.player and (p.when is None or p.when.holds(board, board.turn_start)):
            self.open = {t for t, c in p.territories.items() if c is None or c.holds(board, board.turn_start)}
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Place) or (event.player or board.player) != p.player:
            return
        n = count_units(event.units, set(p.unit_types))
        if not n:
            return
        where = event.territory
        if where not in self.open:
            yield (f"{p.player} places {n} of {', '.join(p.unit_types)} in {where}; allowed only in "
                   f"{', '.join(sorted(self.open)) or 'no territory'} this turn")
            return
        self.placed[where] += n
        if self.placed[where] > p.per_territory:
            kinds = ", ".join(p.unit_types)
            yield f"{p.player} places {self.placed[where]} of {kinds} in {where}; at most {p.per_territory}"
