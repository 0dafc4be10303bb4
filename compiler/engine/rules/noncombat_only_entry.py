"""noncombat-only-entry: some players may enter listed territories only in non-combat move.

G40 Alt Universe, France at escalation level 3: the Allies may move into and out of French
territories during non-combat move only (`owned_by` picks the territories owned by a player at the
start of the turn; `territories` lists them by name; both may be given).

    - id: noncombat-only-entry
      owned_by: French
      players: [British, Americans, ANZAC, Russians, Chinese]
      when: {units: {type: french_escalation_tracker, at_least: 2}}

Breaks: British move armour UK19 -> F5 (French) during combat move.
Keeps:  British move armour UK19 -> F5 during non-combat move.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover
from compiler.engine.rules.conditions import Condition


class NoncombatOnlyEntryParams(RuleParams):
    territories: list[str] = Field(default_factory=list)
    owned_by: str | None = None
    players: list[str] | None = Field(default=None, description="default: every player but the owner")
    when: Condition | None = None


class NoncombatOnlyEntry(HouseRule[NoncombatOnlyEntryParams]):
    """some players may enter listed territories only in non-combat move."""

    id = "noncombat-only-entry"

    def setup(self) -> None:
        p = self.params
        if not p.territories and not p.owned_by:
            raise ValueError("give territories, owned_by or both")
        self.need("territory", p.territories)
        self.need("player", [*(p.players or ()), *([p.owned_by] if p.owned_by else [])])
        if p.when:
            names = p.when.names()
            self.need("side", names["side"])
            self.need("territory", names["territory"])
            self.need("unit", names["unit"])

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or board.phase != "combat-move":
            return
        player = mover(event)
        if player is None or (p.players is not None and player not in p.players) or player == p.owned_by:
            return
        listed = set(p.territories)
        entered = [
            t
            for t in event.route[1:]
            if t in listed or (p.owned_by and board.turn_start.owners.get(t) == p.owned_by)
        ]
        if not entered:
            return
        if p.when and not p.when.holds(board, board.turn_start):
            return
        yield f"{player} enters {', '.join(entered)} in combat move; entry is allowed in non-combat move only"
