"""`triplea-compiler import`: a game XML into a concise YAML spec that compiles back to the same game."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler.fileio import write_atomic
from compiler.lift import import_text
from compiler.problems import InputError
from compiler.report import format_problems
from compiler.terminal import STDIN, STDIN_NAME, read_stdin
from compiler.xml.parse import MAX_XML_BYTES, ParseResult, parse_bytes, parse_file


def _parse(game: Path) -> ParseResult:
    """The game XML file, or stdin for `-`; InputError when unreadable."""
    if str(game) == STDIN:
        return parse_bytes(read_stdin(MAX_XML_BYTES, "game XML"), STDIN_NAME)
    return parse_file(game)


@click.command("import")
@click.argument("game", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="write the spec here (default: print it)")
def import_command(game: Path, output: Path | None) -> None:
    """Import GAME (a TripleA game XML; `-` reads it from stdin) as a YAML spec.

    Exit 0 when imported, 1 when the XML had problems (the spec is still written), 2 when unreadable.
    """
    try:
        parsed = _parse(game)
    except InputError as exc:
        click.echo(str(exc.as_problem()), err=True)
        sys.exit(2)
    header = f"Imported by triplea-compiler from {STDIN_NAME if str(game) == STDIN else game.name}."
    text = import_text(parsed.model, header)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(output, text)
        click.echo(f"wrote {output}", err=True)
    if parsed.problems:
        click.echo(format_problems(parsed.problems, "text"), nl=False, err=True)
        sys.exit(1)
