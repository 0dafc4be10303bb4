"""rail-movement: land units may move beyond their normal range only by rail, within a limit per round.

By rail: in non-combat move, through land spaces friendly at the start of the turn, and within a
per-round limit of units.

DiBerardino Classic: each pool names who may use it, how many units per round, and optionally the
region its routes must stay in (the US shares the Commonwealth's pool, the Chinese pool is for
China and the US):

    - id: rail-movement
      pools:
        - {players: [Germans], limit: 2}
        - {players: [British, Americans], limit: 1}
        - {players: [Chinese, Americans], limit: 1, territories: [Sinkiang, China, Kwangtung, Manchuria]}

Breaks: Germans move 3 infantry Germany -> Poland -> Ukraine S.S.R. in non-combat move of one round.
Keeps:  Germans move 2 infantry that way; any unit moving within its normal range.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class Pool(RuleParams):
    players: list[str] = Field(min_length=1)
    limit: int = Field(ge=0)
    territories: list[str] | None = None
    name: str | None = None


class RailMovementParams(RuleParams):
    pools: list[Pool] = Field(min_length=1)


class RailMovement(HouseRule[RailMovementParams]):
    """land units may move beyond their normal range only by rail, within a limit per round."""

    id = "rail-movement"

    def setup(self) -> None:
        p = self.params
        for pool in p.pools:
            self.need("player", pool.players)
            self.need("territory", pool.territories or ())
        self.used: Counter[int] = Counter()
        self.round = -1

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or len(event.route) < 2:
            return
        if board.round != self.round:
            self.round, self.used = board.round, Counter()
        steps = len(event.route) - 1
        railed = [
            s
            for s in event.units
            if self.world.unit(s.type).is_land and 0 < self.world.unit(s.type).movement < steps
        ]
        if not railed:
            return
        player = mover(event)
        n = sum(s.count for s in railed)
        what = ", ".join(f"{s.count} {s.type}" for s in railed)
        if board.phase != "noncombat-move":
            yield f"{what} move {steps} spaces in {board.phase}; rail movement is for non-combat move only"
            return
        bad = [
            t
            for t in event.route
            if not self.world.is_land(t) or not board.friendly_territory(player or "", t, board.turn_start)
        ]
        if bad:
            yield f"{what} move by rail through {', '.join(bad)}, not friendly land at the start of the turn"
            return
        for i, pool in enumerate(p.pools):
            if player not in pool.players:
                continue
            if pool.territories is not None and not set(event.route) <= set(pool.territories):
                continue
            if self.used[i] + n <= pool.limit:
                self.used[i] += n
                return
        yield f"{player} moves {n} more unit(s) by rail ({what}) than its rail limit allows this round"
