"""The compile pipeline: load a spec, lower it, check the model, render XML, write atomically."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.problems import InputError, Problem, ProblemsFound
from compiler.spec import load_spec
from compiler.xml.render import render_game


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


def compile_spec(path: Path, engine: str | None = None) -> CompileResult:
    """Compile one spec file. Raises InputError only when the file cannot be read."""
    result = CompileResult(spec_path=path)
    try:
        spec = load_spec(path)
    except ProblemsFound as exc:
        result.problems = exc.problems
        return result
    except InputError as exc:
        if exc.code == "unreadable":
            raise
        result.problems = [exc.as_problem()]
        return result
    target = engine or spec.engine
    model, problems = lower_spec(spec, target)
    problems += check_model(model, target)
    result.problems = sorted(problems, key=lambda p: (p.location.line, p.location.column, p.code))
    result.model = model
    if not any(p.is_error for p in problems):
        header = f"Compiled by triplea-compiler from {path.name} for TripleA {target}. Edit the spec, not this file."
        result.xml = render_game(model, header=header)
    return result


def output_path(spec_path: Path, out_dir: Path) -> Path:
    """Where the XML of a spec goes: DIR/<spec name>.xml."""
    return out_dir / f"{spec_path.stem}.xml"
