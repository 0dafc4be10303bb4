"""Where a replayed position differs from a saved state: owners, units per territory, resources.

A save holds both its history and the state that history led to. When replaying the history from
the game's start does not reach that state, some event was not understood (or the save is of
another game), and nothing judged from the replay can be trusted: `differences` says where.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from compiler.engine.position import Position, UnitKey
from compiler.engine.state import GameState

K = TypeVar("K")


def _nonzero(counts: Mapping[K, int] | None) -> dict[K, int]:
    return {k: v for k, v in (counts or {}).items() if v}


def _describe(units: dict[UnitKey, int]) -> str:
    return ", ".join(f"{n} {t} ({o})" for (t, o), n in sorted(units.items())) or "nothing"


def differences(position: Position, state: GameState) -> list[str]:
    """Every disagreement between `position` (a replay's end) and `state` (the saved one), as sentences."""
    return [f"{subject}: {sentence}" for subject, sentence in differing(position, state)]


def differing(position: Position, state: GameState) -> list[tuple[str, str]]:
    """Every disagreement as (territory or player, what differs)."""
    saved = Position(state)
    found: list[tuple[str, str]] = []
    for territory in sorted(set(position.owners) | set(saved.owners)):
        mine, theirs = position.owners.get(territory), saved.owners.get(territory)
        if mine != theirs:
            found.append((territory, f"replay gives owner {mine or 'neutral'}, the save {theirs or 'neutral'}"))
    for territory in sorted(set(position.units) | set(saved.units)):
        mine_u, theirs_u = _nonzero(position.units.get(territory)), _nonzero(saved.units.get(territory))
        if mine_u != theirs_u:
            found.append((territory, f"replay gives units {_describe(mine_u)}, the save {_describe(theirs_u)}"))
    for player in sorted(set(position.resources) | set(saved.resources)):
        mine_r, theirs_r = _nonzero(position.resources.get(player)), _nonzero(saved.resources.get(player))
        if mine_r != theirs_r:
            found.append((player, f"replay gives resources {dict(sorted(mine_r.items()))}, "
                                  f"the save {dict(sorted(theirs_r.items()))}"))
    return found
