"""The compile pipeline: load a spec, lower it, check the model and the spec, render XML."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from compiler import engines
from compiler.gcpause import gc_paused
from compiler.lift import base as _game_bases  # noqa: F401 (lets a spec's `base:` name a game)
from compiler.limits import CODE as REFUSED
from compiler.limits import read_text
from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.problems import STDIN_NAME, InputError, Problem, ProblemsFound
from compiler.spec import load_spec_text
from compiler.spec.models import Spec
from compiler.suppressions import apply_inline
from compiler.xml.render import render_game

DEFAULT_ENGINE = engines.DEFAULT_ENGINE
ProblemFilter = Callable[[list[Problem]], list[Problem]]


@dataclass
class CompileResult:
    """What compiling one spec gave: the model and XML (when no error), and every problem."""

    spec_path: Path
    model: GameModel | None = None
    xml: str | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.xml is not None


def check_model(model: GameModel, engine: str) -> list[Problem]:
    """Every check of the validator, run over a compiled model."""
    from compiler.checks import run_checks

    return run_checks(model, engine=engine)


def check_spec(spec: Spec, model: GameModel, engine: str) -> list[Problem]:
    """Every spec check (compiler/checks/spec/): what the spec states beyond the game XML."""
    from compiler.checks.spec import SpecContext, run_spec_checks

    return run_spec_checks(SpecContext(spec, model, engine))


def compile_spec(path: Path, engine: str | None = None, *, default_engine: str = DEFAULT_ENGINE,
                 select: ProblemFilter | None = None) -> CompileResult:
    """Compile one spec file. Raises InputError only when the file cannot be read."""
    return compile_text(read_text(path, "spec"), path, engine,
                        default_engine=default_engine, select=select)


def compile_text(text: str, path: Path, engine: str | None = None, *, default_engine: str = DEFAULT_ENGINE,
                 select: ProblemFilter | None = None) -> CompileResult:
    """Compile a spec's text (`path` names it in problems).

    The target engine is `engine` (the command line), else the spec's own `engine:`, else `default_engine`
    (the configuration's). The problems of a spec that loads are filtered by its inline suppressions,
    then by `select`; the XML is rendered when no error is left. A spec that does not load (YAML syntax,
    schema) reports its problems as they are; a text refused by an input limit (compiler/limits.py)
    raises InputError, as an unreadable file does.
    """
    with gc_paused():
        try:
            spec = load_spec_text(text, str(path))
        except ProblemsFound as exc:
            return CompileResult(spec_path=path, problems=exc.problems)
        except InputError as exc:
            if exc.code == REFUSED:  # beyond an input limit: not a spec to judge
                raise
            return CompileResult(spec_path=path, problems=[exc.as_problem()])
        return compile_loaded(spec, path, engine, text=text, default_engine=default_engine, select=select)


@gc_paused()
def compile_loaded(spec: Spec, path: Path, engine: str | None = None, *, text: str = "",
                   default_engine: str = DEFAULT_ENGINE, select: ProblemFilter | None = None) -> CompileResult:
    """Compile a loaded spec (`text`: its source, read for inline suppressions); see compile_text."""
    result = CompileResult(spec_path=path)
    target = engine or (spec.engine if "engine" in spec.model_fields_set else default_engine)
    model, problems = lower_spec(spec, target)
    problems += check_model(model, target)
    problems += check_spec(spec, model, target)
    problems = apply_inline(problems, text, str(path))
    problems.sort(key=lambda p: (p.location.line, p.location.column, p.code))
    result.problems = select(problems) if select is not None else problems
    result.model = model
    if not any(p.is_error for p in result.problems):
        source = "standard input" if path.name == STDIN_NAME else path.name
        header = (f"Compiled by triplea-compiler from {source} for TripleA {engines.line(target)}. "
                  "Edit the spec, not this file.")
        result.xml = render_game(model, header=header)
    return result


def output_path(spec_path: Path, out_dir: Path) -> Path:
    """Where the XML of a spec goes: DIR/<spec name>.xml."""
    return out_dir / f"{spec_path.stem}.xml"
