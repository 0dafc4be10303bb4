"""`triplea-compiler validate PATH...`: check game XMLs, map folders and map zips, report every problem."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler.commands.options import EngineName, engine_help
from compiler.config import ConfigError, describe_sources
from compiler.fileio import check_writable
from compiler.report import FORMATS, summary
from compiler.safetext import visible
from compiler.selection import flags_from, selection_options
from compiler.terminal import (
    BUG_REPORT,
    INTERNAL_ERROR,
    Progress,
    color_option,
    exits_on_bad_input,
    reads_stdin,
    render,
    use_color,
)

MAX_JOBS = 256


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="text", show_default=True,
              help="Output format.")
@click.option("--engine", type=EngineName(), default=None,
              help=engine_help("the config's engine, else latest"))
@click.option("--jobs", "-j", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
              help="Validate this many files at once (processes).")
@click.option("--html", "html", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write one self-contained HTML page: the map with every problem marked and listed.")
@selection_options
@color_option
def validate(paths: tuple[Path, ...], fmt: str, engine: str | None, jobs: int, html: Path | None,
             select: frozenset[str] | None,
             ignore: frozenset[str] | None, strict: bool, quiet: bool, config_file: Path | None,
             color: str) -> None:
    """Check game XMLs, map folders (map/games/*.xml and the map's text files) or map zips; `-` reads
    a game XML from stdin.

    Every problem is reported at once as `path:line:col: severity: message [check-id]`. Exit status:
    0 no errors (warnings allowed, unless --strict), 1 errors found, 2 bad invocation, configuration
    or unreadable input, 3 a check failed (a bug). Settings come from the nearest .triplea-compiler.yaml
    or pyproject.toml [tool.triplea-compiler] above each file (or --config); the command line wins over
    them.
    """
    from compiler.validate import collect, validate_batch

    reads_stdin(paths, "PATHS")
    if html is not None:
        with exits_on_bad_input():
            check_writable(html)
    try:
        batch = collect(paths, flags_from(select, ignore, strict, quiet), config_file)
    except ConfigError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    with Progress.for_batch(len(batch.inputs), quiet) as progress:
        result = validate_batch(batch, engine, jobs, progress)
    problems = result.problems
    if html is not None:
        from compiler.draw.html_report import write_html_report

        with exits_on_bad_input():
            write_html_report(html, batch.inputs, problems)
    click.echo(render(problems, fmt, use_color(color), result.games), nl=False, color=True if fmt == "text" else None)
    if fmt == "text" and not quiet:
        s = summary(problems)
        sources = describe_sources((sel.config for sel in batch.selections), batch.skipped_configs)
        click.echo(f"{result.games} game(s) checked: {s['errors']} error(s), {s['warnings']} warning(s)"
                   f"{visible(sources)}", err=True)
    if result.internal:
        click.echo(BUG_REPORT, err=True)
        sys.exit(INTERNAL_ERROR)
    if not result.readable:
        sys.exit(2)
    sys.exit(1 if result.failed else 0)
