"""`triplea-compiler fmt`: rewrite specs in the house style, keeping comments and meaning."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler.fileio import write_atomic
from compiler.limits import read_text
from compiler.problems import InputError
from compiler.spec.fmt import DEFAULT_WIDTH, format_text
from compiler.terminal import STDIN, STDIN_NAME, read_stdin_text, reads_stdin


@click.command("fmt")
@click.argument("specs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--check", is_flag=True, help="write nothing; exit 1 listing the specs that would change")
@click.option("--width", type=click.IntRange(min=0), default=DEFAULT_WIDTH, show_default=True,
              help="line width for flow entries (0: no limit, every flow entry on one line)")
def fmt_command(specs: tuple[Path, ...], check: bool, width: int) -> None:
    """Format SPECS (YAML) in place in the house style: sections in block style, entries as flow one-liners
    when they fit (wrapped when not), comments and key order kept.

    `-` formats stdin to stdout (with --check: only the exit status and the "would reformat" line).
    Exit 0 when nothing changed (or all were rewritten), 1 with --check when some spec would change,
    2 when a spec is unreadable or not valid YAML (it is left untouched).
    """
    reads_stdin(specs, "SPECS")
    status = 0
    changed = 0
    for path in specs:
        stdin = str(path) == STDIN
        shown = STDIN_NAME if stdin else str(path)
        try:
            text = read_stdin_text("spec") if stdin else read_text(path, "spec")
            result = format_text(text, shown, width)
        except InputError as exc:
            click.echo(str(exc.as_problem()), err=True)
            status = 2
            continue
        if stdin and not check:
            click.echo(result, nl=False)
        if result == text:
            continue
        changed += 1
        if check:
            click.echo(f"would reformat {shown}")
            status = max(status, 1)
        elif not stdin:
            write_atomic(path, result)
            click.echo(f"reformatted {path}", err=True)
    verb = "would be reformatted" if check else "reformatted"
    click.echo(f"{changed} of {len(specs)} spec(s) {verb}", err=True)
    sys.exit(status)
