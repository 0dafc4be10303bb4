"""`triplea-compiler show-save`: print what a TripleA save game (.tsvg) holds."""

from __future__ import annotations

import json
from pathlib import Path

import click

from compiler.fileio import check_writable
from compiler.terminal import exits_on_bad_input


@click.command("show-save")
@click.argument("save", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="readable summary or a JSON object")
@click.option("--history", is_flag=True, help="also list the history as events")
@click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write an SVG chart of a resource per player per round")
@click.option("--resource", default="PUs", show_default=True, help="the resource --chart follows")
@click.option("--measure", type=click.Choice(["balance", "income"]), default="balance", show_default=True,
              help="--chart: each player's balance at the end of a round, or what the round brought in")
def show_save_command(save: Path, fmt: str, history: bool, chart: Path | None, resource: str, measure: str) -> None:
    """Show the state (owners, units, resources, relationships) and history of SAVE (.tsvg)."""
    from compiler.saves import read_save
    from compiler.saves.summary import as_dict, as_text

    with exits_on_bad_input():
        if chart is not None:
            check_writable(chart)
        game = read_save(save, history=history or chart is not None)
        for note in game.notes:
            click.echo(str(note), err=True)
        if chart is not None:
            from compiler.draw.chart import write_chart

            write_chart(game, chart, resource, measure)
    if fmt == "json":
        click.echo(json.dumps(as_dict(game, history=history), indent=2, ensure_ascii=False))
    else:
        click.echo(as_text(game, history=history), nl=False)
