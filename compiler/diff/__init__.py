"""Semantic diff of two TripleA games (game XML or YAML specs)."""

from __future__ import annotations

from pathlib import Path

from compiler.diff.compare import Difference, compare_facts
from compiler.diff.facts import Facts, game_facts
from compiler.model import GameModel

__all__ = ["Difference", "Facts", "diff_models", "game_facts", "load_game"]

SPEC_SUFFIXES = (".yaml", ".yml")


def load_game(path: Path) -> GameModel:
    """The game model of a game XML or a spec (compiled with compile_spec).

    Raises InputError when the file cannot be read, ProblemsFound when a spec does not compile.
    """
    if path.suffix.lower() in SPEC_SUFFIXES:
        from compiler.compile import compile_spec
        from compiler.problems import ProblemsFound

        result = compile_spec(path)
        if result.model is None:
            raise ProblemsFound(result.problems)
        return result.model
    from compiler.xml.parse import parse_file

    return parse_file(path).model


def diff_models(a: GameModel, b: GameModel) -> list[Difference]:
    """Every semantic difference between two game models."""
    return compare_facts(game_facts(a), game_facts(b))
