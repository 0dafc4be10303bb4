"""`triplea-compiler import`: a game XML into a concise YAML spec that compiles back to the same game."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler.config import DEFAULT_ENGINE
from compiler.fileio import check_writable, write_atomic
from compiler.gcpause import gc_paused
from compiler.limits import read_file
from compiler.problems import Problem
from compiler.report import format_problems
from compiler.terminal import STDIN, STDIN_NAME, exits_on_bad_input, read_stdin


def _shown(parsed_problems: list[Problem], problems: list[Problem]) -> list[Problem]:
    """What import reports: the parser's findings, and every error the checks find (validate's verdict)."""
    parsers = {(p.code, p.message, p.location.path, p.location.line) for p in parsed_problems}
    return [p for p in problems if p.is_error or (p.code, p.message, p.location.path, p.location.line) in parsers]


@click.command("import")
@click.argument("game", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="write the spec here (default: print it)")
@click.option("--base", "base", type=click.Path(path_type=Path), default=None,
              help="write GAME as its changes from this base game (a game XML or a spec): a variant spec with "
                   "`base:` (docs/spec-base.md)")
def import_command(game: Path, output: Path | None, base: Path | None) -> None:
    """Import GAME (a TripleA game XML; `-` reads it from stdin) as a YAML spec.

    Exit 0 when imported, 1 when the game has errors (as validate finds them; the spec is still
    written), 2 when unreadable or the output cannot be written.
    """
    from compiler.lift import import_text
    from compiler.lift.variant import import_variant
    from compiler.validate import check_parsed
    from compiler.xml.parse import parse_bytes

    stdin = str(game) == STDIN
    shown = STDIN_NAME if stdin else str(game)
    with exits_on_bad_input():
        if output is not None:
            check_writable(output)
        data = read_stdin("game XML") if stdin else read_file(game, "game XML")
    with gc_paused():
        with exits_on_bad_input():
            parsed = parse_bytes(data, shown)
        problems = _shown(parsed.problems, check_parsed(parsed, data, shown, DEFAULT_ENGINE))
        header = f"Imported by triplea-compiler from {STDIN_NAME if stdin else game.name}."
        if base is None:
            text = import_text(parsed.model, header)
        else:
            with exits_on_bad_input():
                text = import_variant(parsed.model, base, output, header + f" Changes from {base.name}.")
    if output is None:
        click.echo(text, nl=False)
    else:
        with exits_on_bad_input():
            write_atomic(output, text)
        click.echo(f"wrote {output}", err=True)
    if problems:
        click.echo(format_problems(problems, "text"), nl=False, err=True)
    if any(p.is_error for p in (*problems, *parsed.problems)):  # warnings alone do not fail an import
        sys.exit(1)
