"""`triplea-compiler rules`: the rule coverage table of a spec (how each document rule is realised)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from compiler.coverage import coverage_problems, coverage_rows, coverage_summary, format_text
from compiler.problems import InputError, ProblemsFound
from compiler.spec import load_spec


@click.command("rules")
@click.argument("spec_path", metavar="SPEC", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="a readable table, or a JSON list of {rule, realization, detail, house_rule, choice}")
def rules_command(spec_path: Path, fmt: str) -> None:
    """Show how each rule of SPEC's document is realised: native, approximated or house-rule.

    Exit 0 when the coverage is consistent, 1 when the spec or its coverage is invalid (a house rule
    named but not configured, unknown to the engine, or with bad parameters), 2 when unreadable.
    """
    try:
        spec = load_spec(spec_path)
    except InputError as exc:
        click.echo(str(exc.as_problem()), err=True)
        sys.exit(2 if exc.code == "unreadable" else 1)
    except ProblemsFound as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    rows = coverage_rows(spec)
    problems = coverage_problems(spec)
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        click.echo(format_text(spec, rows), nl=False)
    for problem in problems:
        click.echo(str(problem), err=True)
    if fmt == "text":
        counts = coverage_summary(spec)
        click.echo(f"{counts['total']} rules, {len(problems)} coverage problem(s)", err=True)
    sys.exit(1 if any(p.is_error for p in problems) else 0)
