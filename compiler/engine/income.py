"""Why a player's resources change: its income, an objective, a capture, or something else.

A `resources` event may say its `cause` (compiler/engine/events.py). When it does not (a save's history
gives the change objects and the step they are written in, not a cause), the cause follows from the step:
TripleA's end-turn delegate first writes the turn player's collection (its change of the player's
resources comes before any other in that step), then national objectives and triggers (further changes
in the same step); a change in a move or battle step comes with a capture (a capital's treasury, a capture
bonus). An edit-mode change is `other`. The words of the history's text ("collect", "income") are never read.
"""

from __future__ import annotations

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
            return "capture"
        return "other"
