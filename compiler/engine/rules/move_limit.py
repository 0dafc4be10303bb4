"""move-limit: a player may move at most N units in a phase while a condition holds.

G40 Alt Universe, France at escalation level 1 may move no more than 3 units in non-combat move
(the escalation level is tracked by `french_escalation_tracker` units):

    - id: move-limit
      player: French
      phase: noncombat-move
      max_units: 3
      when: {units: {type: french_escalation_tracker, at_most: 0}}

Breaks: French move 2 infantry and then 2 more units in the same non-combat move phase.
Keeps:  French move 3 units in non-combat move (any number in combat move).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, count_units, mover
from compiler.engine.rules.conditions import Condition


class MoveLimitParams(RuleParams):
    player: str
    max_units: int = Field(ge=0)
    phase: Literal["combat-move", "noncombat-move", "any"] = "noncombat-move"
    unit_types: list[str] | None = Field(default=None, description="count only these types")
    when: Condition | None = Field(default=None, description="checked at the start of the turn")


class MoveLimit(HouseRule[MoveLimitParams]):
    """a player may move at most N units in a phase while a condition holds."""

    id = "move-limit"

    def setup(self) -> None:
        p = self.params
        self.need("player", [p.player])
        self.need("unit", p.unit_types or ())
        if p.when:
            names = p.when.names()
            self.need("side", names["side"])
            self.need("territory", names["territory"])
            self.need("unit", names["unit"])
        self.moved: dict[str, int] = {}
        self.active = False

    def start_turn(self, board: Board) -> Iterable[str]:
        p = self.params
        self.moved = {}
        self.active = board.player == p.player and (p.when is None or p.when.holds(board, board.turn_start))
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not self.active or not isinstance(event, ev.Move) or mover(event) != p.player:
            return
        phase = board.phase
        if p.phase != "any" and phase != p.phase:
            return
        before = self.moved.get(phase, 0)
        now = before + count_units(event.units, set(p.unit_types) if p.unit_types else None)
        self.moved[phase] = now
        if now > p.max_units >= before:
            yield f"{p.player} has moved {now} units in {phase}; at most {p.max_units} are allowed"
        elif now > p.max_units:
            yield f"{p.player} moves more units in {phase} ({now}); at most {p.max_units} are allowed"
