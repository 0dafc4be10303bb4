"""One game loader for the commands that read a game: a game XML or a YAML spec -> its game model.

`load_game(path)` reads either kind (a spec is lowered, not checked) and returns the model, the
house rules that apply with their locations in the spec, and the problems found while reading.
Commands decide what the problems mean: `check-save` refuses a game with errors, `diff` compares
what it got.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.gcpause import gc_paused
from compiler.lift import base as _game_bases  # noqa: F401 (lets a spec's `base:` name a game)
from compiler.model import GameModel
from compiler.problems import Location, Problem, ProblemsFound

if TYPE_CHECKING:
    from compiler.spec.models import Spec

SPEC_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class HouseRuleEntry:
    """One house rule to apply: `{id: ..., **params}` and where it was given (NOWHERE for `--rule`)."""

    data: dict[str, Any]
    location: Location = field(default_factory=Location)


@dataclass
class LoadedGame:
    """A game read from a file: its model, its house rules, what reading it found, and its spec (if any)."""

    model: GameModel
    house_rules: list[HouseRuleEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    spec: Spec | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    def require_clean(self) -> LoadedGame:
        """This game, or ProblemsFound with its errors when reading it found any."""
        if self.errors:
            raise ProblemsFound(self.errors)
        return self


def is_spec(path: Path) -> bool:
    """Whether `path` names a YAML spec (else it is read as game XML)."""
    return path.suffix.lower() in SPEC_SUFFIXES


def spec_house_rules(spec: Spec) -> list[HouseRuleEntry]:
    """The spec's `house_rules:` entries with their locations in the spec."""
    return [HouseRuleEntry(rule.model_dump(), spec.where("house_rules", i)) for i, rule in enumerate(spec.house_rules)]


def load_spec_game(spec: Spec, engine: str | None = None) -> LoadedGame:
    """The game of a loaded spec, lowered for `engine` (default: the spec's own)."""
    from compiler.lower import lower_spec

    model, problems = lower_spec(spec, engine)
    return LoadedGame(model, spec_house_rules(spec), problems, spec)


def load_game(path: Path, engine: str | None = None) -> LoadedGame:
    """The game of a spec (by its suffix, .yaml/.yml) or a game XML.

    Raises InputError when the file cannot be read, ProblemsFound when a spec is not valid (YAML,
    schema); other problems (lowering, parsing) are in the result.
    """
    if is_spec(path):
        from compiler.spec import load_spec

        return load_spec_game(load_spec(path), engine)
    from compiler.xml.parse import parse_file

    with gc_paused():
        result = parse_file(path)
    return LoadedGame(result.model, problems=list(result.problems))
