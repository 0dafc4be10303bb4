"""strait-crossing: a strait may be crossed only if both its sides were friendly at the start of the turn.

A strait is a pair of land territories joined across water (G40 Alt Universe: UK5-F3, G19-I1,
C10-C11, C10-J1, C9-J1, C16-J1, C16-J8). `granted` lets a non-allied owner grant passage (France
grants the Allies the Anglo-French strait while neutral).

    - id: strait-crossing
      straits: [[UK5, F3], [G19, I1]]
      granted: {French: [British, Americans, ANZAC]}

Breaks: Germans move infantry G19 -> I1 while I1 belonged to the British at the start of the turn.
Keeps:  Germans move infantry G19 -> I1 while both belonged to Germans or Italians at turn start.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class StraitCrossingParams(RuleParams):
    straits: list[tuple[str, str]] = Field(min_length=1, description="pairs of land territories")
    granted: dict[str, list[str]] = Field(
        default_factory=dict, description="owner -> players it lets through although not allied"
    )


class StraitCrossing(HouseRule[StraitCrossingParams]):
    """a strait may be crossed only if both its sides were friendly at the start of the turn."""

    id = "strait-crossing"

    def setup(self) -> None:
        p = self.params
        self.need("territory", {t for pair in p.straits for t in pair})
        self.need("player", set(p.granted) | {x for v in p.granted.values() for x in v})
        self.pairs = {frozenset(pair) for pair in p.straits}

    def _ok(self, board: Board, player: str, territory: str) -> bool:
        owner = board.turn_start.owners.get(territory)
        if board.friendly(player, owner, board.turn_start):
            return True
        return owner is not None and player in self.params.granted.get(owner, ())

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.Move) or all(self.world.unit(s.type).is_sea for s in event.units):
            return
        player = mover(event)
        if player is None:
            return
        for a, b in zip(event.route, event.route[1:], strict=False):
            if frozenset((a, b)) not in self.pairs:
                continue
            bad = [t for t in (a, b) if not self._ok(board, player, t)]
            if bad:
                owners = ", ".join(f"{t} ({board.turn_start.owners.get(t) or 'neutral'})" for t in bad)
                yield (
                    f"{player} crosses the strait {a}-{b}, but {owners} "
                    f"{'was' if len(bad) == 1 else 'were'} not friendly at the start of the turn"
                )
