"""Which technological advances a player has: those its TechRoll events gained so far."""

from __future__ import annotations

from compiler.engine import events as ev
from compiler.engine.board import Board


def advances(board: Board, player: str) -> set[str]:
    """The advances `player` gained in the history so far (compiler/engine/events.py TechRoll)."""
    return {e.advance for e in board.events if isinstance(e, ev.TechRoll) and e.player == player and e.gained}


def has_advance(board: Board, player: str, advance: str) -> bool:
    return advance in advances(board, player)
