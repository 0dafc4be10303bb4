"""`triplea-compiler validate PATH...`: check game XMLs, map folders and map zips, report every problem."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.commands.options import EngineName, engine_help
from compiler.config import ConfigError, describe_sources
from compiler.fileio import check_writable
from compiler.report import FORMATS, summary
from compiler.report.fixable import fixable_note, mark_fixable
from compiler.safetext import visible
from compiler.selection import Flags, flags_from, selection_options
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

if TYPE_CHECKING:
    from compiler.fixes.model import Fix
    from compiler.problems import Problem
    from compiler.validate import Batch, Validation

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
@click.option("--fix", is_flag=True,
              help="Apply the safe fixes in place (minimal byte edits), then report what remains.")
@click.option("--unsafe-fixes", is_flag=True,
              help="With --fix, apply the unsafe fixes too (they change what the game does); without it, mark "
                   "them fixable.")
@selection_options
@color_option
def validate(paths: tuple[Path, ...], fmt: str, engine: str | None, jobs: int, html: Path | None,
             fix: bool, unsafe_fixes: bool, select: frozenset[str] | None,
             ignore: frozenset[str] | None, strict: bool, quiet: bool, config_file: Path | None,
             color: str) -> None:
    """Check game XMLs, map folders (map/games/*.xml and the map's text files) or map zips; `-` reads
    a game XML from stdin.

    Every problem is reported at once as `path:line:col: severity: message [check-id]`. Exit status:
    0 no errors (warnings allowed, unless --strict), 1 errors found, 2 bad invocation, configuration
    or unreadable input, 3 a check failed (a bug). Settings come from the nearest .triplea-compiler.yaml
    or pyproject.toml [tool.triplea-compiler] above each file (or --config); the command line wins over
    them.

    Problems a fix answers are marked `[*]` (JSON: a `fix` object; SARIF: `fixes`). --fix applies the safe
    fixes in place, each a minimal edit of the bytes at fault (every other byte stays as written), then
    validates again and reports what remains; --unsafe-fixes also applies the fixes that change what the game
    does. Standard input and zips are not fixed.
    """
    from compiler.validate import collect, validate_batch

    reads_stdin(paths, "PATHS")
    if fix and any(str(path) == "-" for path in paths):
        click.echo("validate --fix: standard input (-) cannot be fixed in place; save it to a file and fix that",
                   err=True)
        sys.exit(2)
    if html is not None:
        with exits_on_bad_input():
            check_writable(html)
    try:  # --fix fixes every problem the selection enables, shown or not (--quiet only hides warnings)
        batch = collect(paths, flags_from(select, ignore, strict, quiet and not fix), config_file)
    except ConfigError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    with Progress.for_batch(len(batch.inputs), quiet) as progress:
        result = validate_batch(batch, engine, jobs, progress)
    said = ""
    if fix:
        result, said = _fixed(result, batch, paths, engine, jobs, unsafe_fixes, quiet, config_file,
                              flags_from(select, ignore, strict, quiet))
    problems = result.problems
    fixes = _fixes_of(problems) if fmt != "github" else {}  # annotations carry no fix
    if html is not None:
        from compiler.draw.html_report import write_html_report

        with exits_on_bad_input():
            write_html_report(html, batch.inputs, problems)
    output = mark_fixable(render(problems, fmt, use_color(color), result.games), fmt, problems, fixes, unsafe_fixes)
    click.echo(output, nl=False, color=True if fmt == "text" else None)
    note = fixable_note(problems, fixes, unsafe_fixes) if fmt == "text" and not quiet and not fix else ""
    if note:
        click.echo(note, err=True)
    if fmt == "text" and not quiet:
        s = summary(problems)
        sources = describe_sources((sel.config for sel in batch.selections), batch.skipped_configs)
        click.echo(f"{result.games} game(s) checked: {s['errors']} error(s), {s['warnings']} warning(s)"
                   f"{visible(sources)}", err=True)
    if said:
        click.echo(said, err=True)
    if result.internal:
        click.echo(BUG_REPORT, err=True)
        sys.exit(INTERNAL_ERROR)
    if not result.readable:
        sys.exit(2)
    sys.exit(1 if result.failed else 0)


def _fixes_of(problems: list[Problem]) -> dict[Problem, Fix]:
    from compiler.fixes.run import problem_fixes

    with exits_on_bad_input():
        return problem_fixes(problems)


def _fixed(result: Validation, batch: Batch, paths: tuple[Path, ...], engine: str | None, jobs: int, unsafe: bool,
           quiet: bool, config_file: Path | None, flags: Flags) -> tuple[Validation, str]:
    """Apply the fixes of `result`'s problems (every problem the selection enables: `result` is validated without
    --quiet) and validate again with `flags`: the new result, and what to say of it (`N fixed (K files changed),
    M remaining` of those shown, and that zips are not fixed)."""
    from compiler.fixes.run import apply_fixes
    from compiler.validate import collect, validate_batch

    with exits_on_bad_input():
        done = apply_fixes(result.problems, unsafe)
    if not done.applied and not flags.quiet:
        again = result
    else:
        with Progress.for_batch(len(batch.inputs), quiet) as progress:
            again = validate_batch(collect(paths, flags, config_file), engine, jobs, progress)
    zips = sorted({inp.zip_path for inp in batch.inputs if inp.zip_path is not None})
    left = f"; {len(done.later)} overlapping fix(es) left for the next run" if done.later else ""
    said = f"{len(done.fixed)} fixed ({len(done.files)} file(s) changed), {len(again.problems)} remaining{left}"
    if zips:
        said += f"\nnote: fixes are not applied inside zips ({visible(', '.join(map(str, zips)))})"
    return again, said
