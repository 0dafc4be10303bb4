"""`triplea-compiler show-save`: print what a TripleA save game (.tsvg) holds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from compiler.problems import InputError
from compiler.saves import read_save
from compiler.saves.summary import as_dict, as_text


@click.command("show-save")
@click.argument("save", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="readable summary or a JSON object")
@click.option("--history", is_flag=True, help="also list the history as events")
def show_save_command(save: Path, fmt: str, history: bool) -> None:
    """Show the state (owners, units, resources, relationships) and history of SAVE (.tsvg)."""
    try:
        game = read_save(save, history=history)
    except InputError as exc:
        click.echo(str(exc.as_problem()), err=True)
        sys.exit(2)
    if fmt == "json":
        click.echo(json.dumps(as_dict(game, history=history), indent=2, ensure_ascii=False))
    else:
        click.echo(as_text(game, history=history), nl=False)
