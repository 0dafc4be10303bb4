"""round-limit: the game ends with round N; nothing may be played after it.

TripleA has no game property that ends a game at a round: it plays on, and a victory condition met
later still wins. Aggression 1939 is won "within 30 rounds":

    - id: round-limit
      last_round: 30

A step that begins after round N is not play yet (a save made as round N + 1 begins holds one);
any other event is, and the first one breaks the rule (reported once).

Breaks: Germany moves an infantry in round 31.
Keeps:  the last move is made in round 30 and round 31 only begins.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class RoundLimitParams(RuleParams):
    last_round: int = Field(ge=1, description="the last round of the game")


class RoundLimit(HouseRule[RoundLimitParams]):
    """the game ends with round N; nothing may be played after it."""

    id = "round-limit"

    def setup(self) -> None:
        self.reported = False

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        last = self.params.last_round
        if self.reported or event.round <= last or isinstance(event, ev.StepStart):
            return
        self.reported = True
        kind = getattr(event, "type", "event")
        what = f"{event.player}'s {kind}" if event.player else kind
        yield f"{what} in round {event.round}: the game ends with round {last}"
