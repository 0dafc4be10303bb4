"""victory-held-round: a victory counts only when its condition was held for a whole game round.

Each condition counts how many of `territories` the `controller` side holds; it is met with
`at_least` N or `fewer_than` N of them, from round `from_round` on. A `victory` event naming one of
`winners` is a violation unless some condition has held continuously for at least one full round
of turns (the same power's turn one round later). G40 Alt Universe:

    - id: victory-held-round
      winners: Axis
      territories: [G5, G15, I1, J6, ...]   # the cities
      conditions: [{controller: Axis, at_least: 14}]

Breaks: Germans take the 14th city in round 5 and a victory for the Axis is declared in the same round.
Keeps:  the Axis still hold 14 cities at the Germans' turn of round 6 when the victory is declared.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field, model_validator

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class Held(RuleParams):
    controller: str
    at_least: int | None = None
    fewer_than: int | None = None
    from_round: int = 1

    @model_validator(mode="after")
    def _one_bound(self) -> Held:
        if (self.at_least is None) == (self.fewer_than is None):
            raise ValueError("give exactly one of at_least, fewer_than")
        return self


class VictoryHeldRoundParams(RuleParams):
    winners: str
    territories: list[str] = Field(min_length=1)
    conditions: list[Held] = Field(min_length=1)
    turn_order: list[str] | None = Field(default=None, description="default: the players' order in the steps")


class VictoryHeldRound(HouseRule[VictoryHeldRoundParams]):
    """a victory counts only when its condition was held for a whole game round."""

    id = "victory-held-round"

    def setup(self) -> None:
        p = self.params
        self.need("territory", p.territories)
        self.need("side", [p.winners, *(c.controller for c in p.conditions)])
        self.need("player", p.turn_order or ())
        self.since: list[tuple[int, int] | None] = [None] * len(p.conditions)
        self.order = list(p.turn_order or self.world.turn_order)

    def _when(self, board: Board) -> tuple[int, int]:
        """(round, place of the current player in the turn order)."""
        if board.player not in self.order and board.player is not None:
            self.order.append(board.player)
        return (board.round, self.order.index(board.player) if board.player is not None else -1)

    def _met(self, board: Board, c: Held) -> bool:
        if board.round < c.from_round:
            return False
        side = self.world.members(c.controller)
        held = sum(1 for t in self.params.territories if board.owners.get(t) in side)
        return held >= c.at_least if c.at_least is not None else held < (c.fewer_than or 0)

    def _update(self, board: Board) -> None:
        for i, c in enumerate(self.params.conditions):
            if self._met(board, c):
                if self.since[i] is None:
                    self.since[i] = self._when(board)
            else:
                self.since[i] = None

    def start_turn(self, board: Board) -> Iterable[str]:
        self._update(board)
        return ()

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.OwnershipChange):
            self._update(board)
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Victory):
            return
        winners = self.world.members(p.winners)
        if not any(w == p.winners or winners & self.world.members(w) for w in event.winners):
            return
        self._update(board)
        now = self._when(board)
        started = [s for s in self.since if s is not None]
        if any(now >= (r + 1, pos) for r, pos in started):
            return
        if started:
            r, pos = min(started)
            yield (
                f"victory for {p.winners} declared, but its condition holds only since round {r} "
                f"({self.order[pos] if pos >= 0 else 'game start'}); it must hold for a whole round"
            )
        else:
            yield f"victory for {p.winners} declared but its condition does not hold"
