"""Why a player's resources change: its income, an objective, a capture, or something else.

A `resources` event may say its `cause` (compiler/engine/events.py). When it does not (a save's history
gives the change objects and the step they are written in, not a cause), the cause follows from the step:
TripleA's end-turn delegate first writes the turn player's collection (its change of the player's
resources comes before any other in that step), then national objectives and triggers (further changes
in the same step); a change in a move or battle step comes with a capture (a capital's treasury, a capture
bonus), or is a raid's damage: a loss of the owner of a territory a bombing raid of that step has just hit.
An edit-mode change is `other`. The words of the history's text ("collect", "income") are never read.
"""

from __future__ import annotations

from itertools import islice

from compiler.engine import events as ev
from compiler.engine.board import Board

_CAPTURE_PHASES = frozenset({"combat-move", "noncombat-move", "battle"})


class Causes:
    """Tells the cause of each resource change of one history, read in order (one instance per reader: it
    remembers whose collection each end-turn step has had)."""

    def __init__(self) -> None:
        self._collected: set[tuple[int, str | None, str | None, str]] = set()

    def of(self, board: Board, event: ev.ResourceChange) -> ev.Cause:
        """The cause of `event`, which is about to be applied to `board`."""
        if event.cause is not None:
            return event.cause
        if event.edit:
            return "other"
        phase = board.phase
        if phase == "end-turn":
            key = (board.turn_index, board.step, event.player, event.resource)
            if event.player is not None and event.player == board.player and key not in self._collected:
                self._collected.add(key)
                return "income"
            return "objective"
        if phase in _CAPTURE_PHASES:
            return "bombing" if event.amount < 0 and _raided(board, event) else "capture"
        return "other"


_LOOK_BACK = 64
"""events looked back through for the raid a loss follows (a raid's events come together in its battle)"""


def _raided(board: Board, event: ev.ResourceChange) -> bool:
    """Whether the last battle of the current step, not far back, is a bombing raid on a territory of the player
    who loses resources."""
    skip = 1 if board.events and board.events[-1] is event else 0
    for before in islice(reversed(board.events), skip, skip + _LOOK_BACK):  # no copy of the whole history
        if isinstance(before, ev.StepStart):
            return False
        if isinstance(before, ev.Battle):
            victim = before.defender or board.owners.get(before.territory)
            return before.is_bombing_raid and victim == event.player
    return False
