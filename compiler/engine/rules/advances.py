"""Which technological advances a player has: those its TechRoll and AdvanceGained events gained so far and
no edit took back (Board keeps them)."""

from __future__ import annotations

from compiler.engine.board import Board


def advances(board: Board, player: str) -> set[str]:
    """The advances `player` holds in the history so far (compiler/engine/events.py TechRoll, AdvanceGained)."""
    return board.advances(player)


def has_advance(board: Board, player: str, advance: str) -> bool:
    return advance in advances(board, player)
