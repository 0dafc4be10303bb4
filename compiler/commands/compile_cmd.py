"""`triplea-compiler compile`: YAML specs into TripleA game XML."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler.compile import compile_spec, output_path
from compiler.fileio import write_atomic
from compiler.problems import InputError
from compiler.report import format_problems

ENGINES = click.Choice(["2.x", "1.9"])
FORMATS = click.Choice(["text", "json", "sarif", "github"])


@click.command("compile")
@click.argument("specs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="folder for the compiled XML",
)
@click.option(
    "--engine", type=ENGINES, default=None, help="target TripleA version (default: the spec's engine, else 2.x)"
)
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True, help="how problems are printed")
@click.option("--check", is_flag=True, help="only check: write nothing, exit 1 when the output would change")
def compile_command(specs: tuple[Path, ...], out_dir: Path, engine: str | None, fmt: str, check: bool) -> None:
    """Compile SPECS (YAML) into TripleA game XML in the output folder."""
    all_problems = []
    status = 0
    for spec_path in specs:
        try:
            result = compile_spec(spec_path, engine)
        except InputError as exc:
            click.echo(str(exc.as_problem()), err=True)
            status = max(status, 2)
            continue
        all_problems += result.problems
        if not result.ok:
            status = max(status, 1)
            continue
        target = output_path(spec_path, out_dir)
        if check:
            current = target.read_text(encoding="utf-8") if target.exists() else None
            if current != result.xml:
                click.echo(f"{target}: out of date with {spec_path}", err=True)
                status = max(status, 1)
            continue
        write_atomic(target, result.xml or "")
        click.echo(f"wrote {target}", err=True)
    if all_problems:
        click.echo(format_problems(all_problems, fmt), nl=False, file=sys.stdout)
    sys.exit(status)
