"""Lift a game model into the spec language: the importer's half of the pipeline.

Each construct lifts in its own module; what no construct can say goes to the pass-through blocks
(`attachments:`, `placements:`), so lowering the result gives back the same game
(compiler/lift/document.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from compiler.lift.document import dump_spec, import_text, lift_model

_HOMES = {"dump_spec": "compiler.lift.dump", "import_text": "compiler.lift.document",
          "lift_model": "compiler.lift.document"}

__all__ = ["dump_spec", "lift_model", "import_text"]


def __getattr__(name: str) -> object:
    """The lift's functions load on first use, not with the package (compiler.lift.base is imported by
    every spec reader, only to register itself)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
