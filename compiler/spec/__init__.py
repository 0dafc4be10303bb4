"""The YAML spec language: pydantic models and a loader that keeps line:column of every node.

The models load on first use of these names, not with the package: `fmt` (compiler.spec.fmt) and the
commands' `--help` need none of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from compiler.spec.loader import load_board_game, load_spec, load_spec_text
    from compiler.spec.models import Spec

_HOMES = {"Spec": "compiler.spec.models", "load_board_game": "compiler.spec.loader",
          "load_spec": "compiler.spec.loader", "load_spec_text": "compiler.spec.loader"}

__all__ = ["Spec", "load_board_game", "load_spec", "load_spec_text"]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
