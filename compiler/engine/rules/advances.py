"""Which technological advances a player has: those its TechRoll events gained so far (Board keeps them)."""

from __future__ import annotations

from compiler.engine.board import Board


def advances(board: Board, player: str) -> set[str]:
    """The advances `player` gained in the history so far (compiler/engine/events.py TechRoll)."""
    return {advance for who, advance in board.advances_gained if who == player}


def has_advance(board: Board, player: str, advance: str) -> bool:
    return advance in advances(board, player)
