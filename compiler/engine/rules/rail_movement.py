"""rail-movement: land units may move beyond their normal range only by rail, within a limit per round.

By rail: in non-combat move, through land spaces friendly at the start of the turn, and within a
per-round limit of units. A move is rail only beyond the unit's own movement as its owner's advances
extend it (`advances`: Mechanized Infantry lets infantry move 2, each with an armour when `paired_with`
says so); a move within that movement is an ordinary one, in combat or non-combat move alike.

DiBerardino Classic: each pool names who may use it, how many units per round, and optionally the
region its routes must stay in (the US shares the Commonwealth's pool, the Chinese pool is for
China and the US):

    - id: rail-movement
      pools:
        - {players: [Germans], limit: 2}
        - {players: [British, Americans], limit: 1}
        - {players: [Chinese, Americans], limit: 1, territories: [Sinkiang, China, Kwangtung, Manchuria]}
      advances: {Mechanized Infantry: {units: {infantry: 2}}}

Breaks: Germans move 3 infantry Germany -> Poland -> Ukraine S.S.R. in non-combat move of one round.
Keeps:  Germans move 2 infantry that way; any unit moving within its normal range; 3 infantry moving 2 spaces
        once the Germans gained Mechanized Infantry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.advances import advances
from compiler.engine.rules.base import HouseRule, RuleParams, mover
from compiler.engine.state import UnitStack


class Pool(RuleParams):
    players: list[str] = Field(min_length=1)
    limit: int = Field(ge=0)
    territories: list[str] | None = None
    name: str | None = None


class Reach(RuleParams):
    """How far an advance lets unit types move on their own (not by rail)."""

    units: dict[str, int] = Field(min_length=1, description="unit type -> its movement with the advance")
    paired_with: list[str] | None = Field(default=None, description="each such unit must move with one of these "
                                          "(mechanized infantry with armour); default: no pairing")


class RailMovementParams(RuleParams):
    pools: list[Pool] = Field(min_length=1)
    advances: dict[str, Reach] = Field(default_factory=dict, description="advance -> the movement it gives")


Mode = Literal["ordinary", "advance", "rail"]


class RailMovement(HouseRule[RailMovementParams]):
    """land units may move beyond their normal range only by rail, within a limit per round."""

    id = "rail-movement"

    def setup(self) -> None:
        p = self.params
        for pool in p.pools:
            self.need("player", pool.players)
            self.need("territory", pool.territories or ())
        for reach in p.advances.values():
            self.need("unit", [*reach.units, *(reach.paired_with or ())])
        self.used: Counter[int] = Counter()
        self.round = -1

    def modes(self, board: Board, move: ev.Move) -> list[tuple[UnitStack, Mode]]:
        """Each land stack of the move split by how it moves: within its own movement (`ordinary`), within
        the movement an advance of its owner gives it (`advance`, paired units first come first), else `rail`."""
        steps = len(move.route) - 1
        owner = mover(move) or ""
        mine = advances(board, owner)
        partners: Counter[str] = Counter()
        for reach_name, reach in self.params.advances.items():
            if reach_name in mine and reach.paired_with is not None:
                partners[reach_name] = sum(s.count for s in move.units if s.type in reach.paired_with)
        out: list[tuple[UnitStack, Mode]] = []
        for s in move.units:
            info = self.world.unit(s.type)
            if not info.is_land or info.movement <= 0 or steps <= info.movement:
                out.append((s, "ordinary"))
                continue
            left = s.count
            for reach_name, reach in self.params.advances.items():
                if left == 0 or reach_name not in mine or steps > reach.units.get(s.type, 0):
                    continue
                n = left if reach.paired_with is None else min(left, partners[reach_name])
                if reach.paired_with is not None:
                    partners[reach_name] -= n
                if n:
                    out.append((s.model_copy(update={"count": n}), "advance"))
                    left -= n
            if left:
                out.append((s.model_copy(update={"count": left}), "rail"))
        return out

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or len(event.route) < 2:
            return
        if board.round != self.round:
            self.round, self.used = board.round, Counter()
        steps = len(event.route) - 1
        railed = [s for s, mode in self.modes(board, event) if mode == "rail"]
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
