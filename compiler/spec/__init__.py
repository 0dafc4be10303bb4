"""The YAML spec language: pydantic models and a loader that keeps line:column of every node."""

from compiler.spec.loader import load_board_game, load_spec, load_spec_text
from compiler.spec.models import Spec

__all__ = ["Spec", "load_board_game", "load_spec", "load_spec_text"]
