"""`triplea-compiler draw`: the map of a game (or its board in a save) as SVG or PNG."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.commands.options import EngineName
from compiler.engines import DEFAULT_ENGINE
from compiler.problems import InputError, Location, Problem
from compiler.terminal import exits_on_bad_input

if TYPE_CHECKING:
    from compiler.mapfolder.source import MapFiles

FORMATS = (".svg", ".png")


def _game(path: Path, game: str | None) -> tuple[Path, MapFiles | None]:
    """The game file to draw and its map's files (None: no map folder)."""
    from compiler.load import is_spec
    from compiler.mapfolder.source import discover

    if is_spec(path):
        return path, None
    inputs = [i for i in discover(path) if not game or Path(i.path).name in (game, f"{game}.xml")]
    if not inputs:
        raise InputError(f"no game XML named {game!r} here", Location(str(path)), "bad-invocation")
    chosen = inputs[0]
    if chosen.zip_path is not None:
        raise InputError("draw a map zip after unpacking it (give its folder)", Location(str(path)), "bad-invocation")
    return Path(chosen.path), chosen.map_files


def _draw(path: Path, game: str | None, save: Path | None, round_: int | None, problems: bool, engine: str,
          width: int | None, rules: tuple[str, ...] = ()) -> tuple[str | bytes, list[Problem]]:
    """The picture (PNG bytes when `width` is given, else SVG text) and the problems marked on it."""
    from compiler.draw import draw_game, render_png, render_svg
    from compiler.draw.facts import straits_of
    from compiler.load import is_spec, load_game

    file, map_files = _game(path, game)
    loaded = load_game(file, engine if engine != "auto" else None).require_clean()
    state, events = None, []
    found: list[Problem] = []
    if save is not None:
        from compiler.saves import read_save

        saved = read_save(save)
        state, events = saved.state, saved.events
        if round_ is not None:
            from compiler.draw.at_round import state_at_round

            state = state_at_round(loaded.model, saved.events, round_, str(save))
        if problems:
            from compiler.check_game import check_save

            spec = is_spec(file)
            found = check_save(save, file if spec else None, None if spec else file, rules)
            if round_ is not None:
                found = [p for p in found if p.when is None or p.when.round <= round_]
    elif round_ is not None:
        raise InputError("--round needs --save", code="bad-invocation")
    elif problems:
        from compiler.checks.registry import run_checks

        found = [*loaded.problems, *run_checks(loaded.model, engine=DEFAULT_ENGINE if engine == "auto" else engine,
                                               map_files=map_files)]
    scene = draw_game(loaded.model, map_files=map_files, state=state, problems=found, events=events,
                      straits=straits_of(r.data for r in loaded.house_rules))
    return (render_png(scene, width) if width is not None else render_svg(scene)), found


@click.command("draw")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("-o", "--output", "out", type=click.Path(path_type=Path), required=True,
              help="the picture to write: .svg or .png")
@click.option("--game", help="which game XML of a map folder (file name; default: the first)")
@click.option("--save", type=click.Path(path_type=Path), help="draw the board of this save (.tsvg)")
@click.option("--round", "round_", type=int, help="with --save: the board at the end of this round")
@click.option("--problems", is_flag=True,
              help="mark problems: validate's for a game, the house-rule violations for a save")
@click.option("--rule", "rules", multiple=True, metavar="ID[:JSON]",
              help="with --save --problems: add a house rule (repeatable), as check-save does")
@click.option("--engine", type=EngineName("auto"), default="auto", show_default=True,
              help="TripleA release to check for (with --problems; see validate --help); auto: the spec's, else latest")
@click.option("--width", type=click.IntRange(100, 20000), default=2000, show_default=True, help="PNG width in pixels")
def draw_command(path: Path, out: Path, game: str | None, save: Path | None, round_: int | None, problems: bool,
                 rules: tuple[str, ...], engine: str, width: int) -> None:
    """Draw the map of PATH (a game XML, a map folder or a spec) to OUT (.svg or .png): territories by
    owner, capitals, victory cities, units, canals and straits; a game without a map as a graph."""
    from compiler.fileio import check_writable, write_atomic

    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        click.echo(f"triplea-compiler: error: {out}: the picture must end in .svg or .png", err=True)
        sys.exit(2)
    with exits_on_bad_input():
        check_writable(out)
        picture, found = _draw(path, game, save, round_, problems, engine, width if suffix == ".png" else None,
                               rules)
        write_atomic(out, picture)
    marked = f", {len(found)} problem(s) marked" if problems else ""
    click.echo(f"{out}: drawn{marked}", err=True)
