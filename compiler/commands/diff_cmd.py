"""`triplea-compiler diff`: the semantic differences between two games (game XML or YAML specs)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.problems import InputError, ProblemsFound
from compiler.report import format_problems

if TYPE_CHECKING:
    from compiler.diff import Difference
    from compiler.model import GameModel


def _value(value: object) -> str:
    return "(none)" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=False)


def format_text(diffs: list[Difference]) -> str:
    lines = []
    for d in diffs:
        row = d.as_dict()
        where = f"{row['a_location'] or '-'} {row['b_location'] or '-'}"
        lines.append(f"{where}: {d.kind} '{d.key}': {_value(row['a'])} -> {_value(row['b'])}")
    lines.append(f"{len(diffs)} difference(s)" if diffs else "no differences")
    return "\n".join(lines) + "\n"


def format_json(diffs: list[Difference]) -> str:
    return json.dumps({"equal": not diffs, "differences": [d.as_dict() for d in diffs]}, indent=2,
                      ensure_ascii=False) + "\n"


def _model(path: Path) -> GameModel:
    """The game of a game XML, or of a spec compiled with every check (ProblemsFound with its errors when
    it does not compile: a spec that does not compile has no game to compare)."""
    from compiler.compile import compile_spec
    from compiler.load import is_spec, load_game

    if not is_spec(path):
        return load_game(path).model
    result = compile_spec(path)
    if not result.ok or result.model is None:
        raise ProblemsFound([p for p in result.problems if p.is_error])
    return result.model


@click.command("diff")
@click.argument("a", type=click.Path(path_type=Path))
@click.argument("b", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def diff_command(a: Path, b: Path, fmt: str) -> None:
    """Compare two games A and B (game XML, or specs compiled first) by meaning, not by text.

    Exit 0 when they are equal, 1 when they differ, 2 when one cannot be read or compiled.
    """
    from compiler.diff import diff_models

    models = []
    for path in (a, b):
        try:
            models.append(_model(path))
        except InputError as exc:
            click.echo(str(exc.as_problem()), err=True)
            sys.exit(2)
        except ProblemsFound as exc:
            click.echo(format_problems(exc.problems, "text"), nl=False, err=True)
            sys.exit(2)
    diffs = diff_models(models[0], models[1])
    click.echo(format_json(diffs) if fmt == "json" else format_text(diffs), nl=False)
    sys.exit(1 if diffs else 0)
