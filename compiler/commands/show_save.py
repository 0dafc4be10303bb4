"""`triplea-compiler show-save`: print what a TripleA save game (.tsvg) holds."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path

import click

from compiler.fileio import check_writable
from compiler.problems import InputError
from compiler.terminal import exits_on_bad_input


@click.command("show-save")
@click.argument("save", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="readable summary or a JSON object")
@click.option("--history", is_flag=True,
              help="also list the history: edit-mode use, technology, bids, then every event")
@click.option("--round", "round_no", type=click.IntRange(min=0), default=None,
              help="--history: only what happened in this round")
@click.option("--player", default=None, help="--history: only what happened in this player's turns")
@click.option("--luck", is_flag=True, help="also report each player's battle hits against the hits expected")
@click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write an SVG chart of a resource per player per round")
@click.option("--resource", default="PUs", show_default=True, help="the resource --chart follows")
@click.option("--measure", type=click.Choice(["balance", "income"]), default="balance", show_default=True,
              help="--chart: each player's balance at the end of a round, or what the round brought in")
def show_save_command(save: Path, fmt: str, history: bool, round_no: int | None, player: str | None, luck: bool,
                      chart: Path | None, resource: str, measure: str) -> None:
    """Show the state (owners, units, resources, relationships), the game options and the history of SAVE (.tsvg)."""
    from compiler.saves import read_save
    from compiler.saves.summary import as_dict, json_chunks, select_history, text_chunks

    with exits_on_bad_input():
        if chart is not None:
            check_writable(chart)
        if (round_no is not None or player is not None) and not history:
            raise InputError("--round and --player choose events of the history: give --history too",
                             code="bad-invocation")
        game = read_save(save, history=history or chart is not None or luck)
        shown = select_history(game, round_no, player, str(save))
        for note in game.notes:
            click.echo(str(note), err=True)
        if chart is not None:
            from compiler.draw.chart import write_chart

            write_chart(game, chart, resource, measure)
    report = None
    if luck:
        from compiler.saves.luck import luck_report, report_dict, report_text

        report = luck_report(list(game.events), game.dice_sides)
    if fmt == "json":
        data = as_dict(game, history=history, chosen=shown)
        if report is not None:
            data["luck"] = report_dict(report, game.dice_sides)
        _write(json_chunks(data), "\n")
    else:
        luck_lines = [] if report is None else ["\n".join(report_text(report, game.dice_sides)) + "\n"]
        _write(itertools.chain(text_chunks(game, history=history, chosen=shown), luck_lines), "")


def _write(chunks: Iterable[str], end: str) -> None:
    """Output written as it is made, in buffered pieces (a long history is never one string in memory)."""
    buffered: list[str] = []
    size = 0
    for chunk in chunks:
        buffered.append(chunk)
        size += len(chunk)
        if size > 1 << 16:
            click.echo("".join(buffered), nl=False)
            buffered, size = [], 0
    click.echo("".join(buffered) + end, nl=False)
