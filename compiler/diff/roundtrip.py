"""Import then compile back: the check that an imported spec says the same game."""

from __future__ import annotations

from compiler.diff import Difference, diff_models
from compiler.lift import import_text
from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.spec import load_spec_text


def round_trip(game: GameModel, path: str = "<imported>") -> tuple[str, GameModel, list[Difference]]:
    """The imported YAML, the game it lowers to, and how that game differs from `game`."""
    text = import_text(game)
    spec = load_spec_text(text, path)
    lowered, _ = lower_spec(spec)
    return text, lowered, diff_models(game, lowered)
