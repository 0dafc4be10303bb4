"""`import --base`: a game written as a variant spec, the changes from its base game."""

from __future__ import annotations

import os
from pathlib import Path

from compiler.gcpause import gc_paused
from compiler.lift import base as _game_bases  # noqa: F401 (the base may be a game)
from compiler.lift import dump_spec, lift_model
from compiler.lift.delta import delta
from compiler.lift.nodes import Map
from compiler.model import GameModel
from compiler.problems import Location
from compiler.spec.base import BASE
from compiler.spec.base_source import read_base


def base_reference(base: Path, output: Path | None) -> str:
    """How the variant names its base: relative to the folder the spec is written to (or the current one)."""
    folder = output.parent if output is not None else Path()
    try:
        shown = os.path.relpath(base.resolve(), folder.resolve())
    except ValueError:  # another drive (Windows)
        shown = str(base.resolve())
    return Path(shown).as_posix()


def variant_spec(game: GameModel, base: Path, reference: str) -> Map:
    """The spec of `game` as changes to the base at `base` (named `reference` in the spec)."""
    document = read_base(str(base), Location(str(base)), "")
    changes = delta(document.data, lift_model(game))
    spec = Map({BASE: reference})
    spec.update(changes)
    return spec


def import_variant(game: GameModel, base: Path, output: Path | None, header: str | None = None) -> str:
    """The YAML text of `game` as a variant of `base`; ProblemsFound (located) when the base cannot be read."""
    with gc_paused():
        return dump_spec(variant_spec(game, base, base_reference(base, output)), header)
