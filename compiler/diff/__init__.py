"""Semantic diff of two TripleA games (game XML or YAML specs)."""

from __future__ import annotations

from pathlib import Path

from compiler.diff.compare import Difference, compare_facts
from compiler.diff.facts import Facts, game_facts
from compiler.gcpause import gc_paused
from compiler.model import GameModel

__all__ = ["Difference", "Facts", "diff_models", "game_facts", "load_game"]

def load_game(path: Path) -> GameModel:
    """The game model of a game XML or a spec (compiler.load.load_game).

    Raises InputError when the file cannot be read, ProblemsFound when a spec is not valid.
    """
    from compiler.load import load_game as load

    return load(path).model


def diff_models(a: GameModel, b: GameModel) -> list[Difference]:
    """Every semantic difference between two game models."""
    with gc_paused():
        return compare_facts(game_facts(a), game_facts(b))
