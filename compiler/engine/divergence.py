"""Where a replayed board differs from a saved state: owners, units per territory, resources.

A save holds both its history and the state that history led to. When replaying the history from
the game's start does not reach that state, some event was not understood (or the save is of
another game), and nothing judged from the replay can be trusted: `differences` says where.
"""

from __future__ import annotations

from collections import Counter

from compiler.engine.board import Board
from compiler.engine.state import GameState


def _nonzero(counts: Counter | dict | None) -> dict:
    return {k: v for k, v in (counts or {}).items() if v}


def _units(board: Board, territory: str) -> dict[tuple[str, str], int]:
    return _nonzero(board.units.get(territory))


def _describe(units: dict[tuple[str, str], int]) -> str:
    return ", ".join(f"{n} {t} ({o})" for (t, o), n in sorted(units.items())) or "nothing"


def differences(board: Board, state: GameState) -> list[str]:
    """Every disagreement between `board` (a replay's end) and `state` (the saved one), as sentences."""
    saved = Board.from_state(state)
    found: list[str] = []
    for territory in sorted(set(board.owners) | set(saved.owners)):
        mine, theirs = board.owners.get(territory), saved.owners.get(territory)
        if mine != theirs:
            found.append(f"{territory}: replay gives owner {mine or 'neutral'}, the save {theirs or 'neutral'}")
    for territory in sorted(set(board.units) | set(saved.units)):
        mine_u, theirs_u = _units(board, territory), _units(saved, territory)
        if mine_u != theirs_u:
            found.append(f"{territory}: replay gives units {_describe(mine_u)}, the save {_describe(theirs_u)}")
    for player in sorted(set(board.resources) | set(saved.resources)):
        mine_r, theirs_r = _nonzero(board.resources.get(player)), _nonzero(saved.resources.get(player))
        if mine_r != theirs_r:
            found.append(f"{player}: replay gives resources {dict(sorted(mine_r.items()))}, "
                         f"the save {dict(sorted(theirs_r.items()))}")
    return found
