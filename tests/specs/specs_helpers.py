"""Helpers and fixtures for the seed-variant spec tests: each spec compiled once per session.

Plain cached functions rather than fixtures: no conftest.py here, since several test folders import
helpers from a module named `conftest` and another one would shadow theirs.
"""

from __future__ import annotations

from pathlib import Path

from compiler.compile import CompileResult, compile_loaded
from compiler.model import Attachment, GameModel
from compiler.spec import load_spec
from compiler.spec.models import Spec

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"
OUTPUT = ROOT / "output"
SEED_SPECS = ["aggression_1939", "g40_alt_universe", "empire", "diberardino_classic", "allies_vs_axis"]

_compiled: dict[str, CompileResult] = {}
_specs: dict[str, Spec] = {}


def compiled(name: str) -> CompileResult:
    """The spec `name` compiled for TripleA 2.x (once per session)."""
    if name not in _compiled:  # compile from the cached spec (YAML loading is the slow part)
        path = SPECS / f"{name}.yaml"
        _compiled[name] = compile_loaded(cached_spec(name), path, text=path.read_text(encoding="utf-8"))
    return _compiled[name]


def cached_spec(name: str) -> Spec:
    """The loaded spec `name` (each spec file is read once per session)."""
    if name not in _specs:
        _specs[name] = load_spec(SPECS / f"{name}.yaml")
    return _specs[name]


def options(model: GameModel, name: str, attach_to: str) -> dict[str, list[tuple[str, str]]]:
    """The options of one attachment: option name -> [(value, count)]."""
    found: list[Attachment] = [a for a in model.attachments if a.name == name and a.attach_to == attach_to]
    assert found, f"no attachment {name} on {attach_to}"
    result: dict[str, list[tuple[str, str]]] = {}
    for option in found[-1].options:
        result.setdefault(option.name, []).append((option.value, option.count))
    return result


def unit_stats(model: GameModel, unit: str) -> dict[str, str]:
    """movement/attack/defense and other single-valued unitAttachment options of a unit."""
    return {k: v[0][0] if not v[0][1] else f"{v[0][1]}:{v[0][0]}"
            for k, v in options(model, "unitAttachment", unit).items()}


def unit_cost(model: GameModel, unit: str) -> int | None:
    """The price of one unit in the first resource (its cheapest production rule)."""
    prices = [int(r.costs[0].quantity) for r in model.production_rules
              if len(r.results) == 1 and r.results[0].name == unit and r.results[0].quantity == "1"]
    return min(prices) if prices else None
