"""`triplea-compiler check-log` and `check-save`: replay a game and report broken house rules.

check-save refuses (exit 2) a save of another game than the one given (unless --force), and a save whose
history, replayed from the game's start, does not reach the saved state: then the verdicts could be wrong.
check-log refuses (exit 2) a log naming a territory, unit type or player the game does not have, or moving
units that are not there.

The game (map, players, alliances, units) comes from `--spec SPEC` (whose `house_rules` apply) or
`--game XML`; `--rule ID[:JSON]` adds house rules (repeatable). A log may name its own spec or XML.
Each broken rule is a problem with its moment of the game, in the validator's formats
(`path:line:col: error: round 3, Germans, germanCombatMove: message [rule-id]`).
A save written by a release newer than the tool knows is read with a warning (`save-newer-release`), which
does not change the exit status. Exit status: 0 no violation, 1 violations found, 2 bad invocation or
unreadable input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.problems import InputError
from compiler.report import FORMATS
from compiler.terminal import color_option, exits_on_bad_input, render, use_color

if TYPE_CHECKING:
    from compiler.check_game import Judged


def summary(violations: int, rules: int) -> str:
    """The line that ends a text run: the violations, or that there was nothing to break."""
    if violations:
        return f"{violations} violation(s)"
    if not rules:
        return "no house rule to check (give --rule ID, or --spec with house_rules): only the replay was checked"
    return f"no violation of {rules} house rule(s)"


def _run(work: Callable[[], Judged], fmt: str, color: str) -> None:
    """Run a check; print the broken rules in `fmt` (text: and a summary line on stderr); exit 0/1, or 2 with
    located errors for bad input."""
    with exits_on_bad_input():
        problems = work()
    colored = fmt == "text" and use_color(color)
    click.echo(render(problems, fmt, colored, 1), nl=False, color=colored or None)
    violations = sum(p.is_error for p in problems)  # the rest: warnings about the input (a too new save)
    if fmt == "text":
        click.echo(summary(violations, problems.rules), err=True)
    sys.exit(1 if violations else 0)


_common = [
    click.option("--spec", type=click.Path(dir_okay=False, path_type=Path), help="variant spec (YAML)"),
    click.option("--game", type=click.Path(dir_okay=False, path_type=Path), help="game XML instead of a spec"),
    click.option("--rule", "rules", multiple=True, metavar="ID[:JSON]", help="add a house rule (repeatable)"),
    click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="text", show_default=True,
                 help="Output format."),
    color_option,
]


def _options(fn: Callable[..., None]) -> Callable[..., None]:
    for option in reversed(_common):
        fn = option(fn)
    return fn


@click.command("check-log")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@_options
def check_log_command(log: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...], fmt: str,
                      color: str) -> None:
    """Replay a game LOG (YAML or JSON) and report broken house rules."""
    from compiler.check_game import check_log

    _run(lambda: check_log(log, spec, game, rules), fmt, color)


@click.command("check-save")
@click.argument("saves", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="SAVE...")
@_options
@click.option("--league", default=None, metavar="NAME|FILE",
              help="a league's rule set: a YAML file, or a built-in one (`explain --list` names them, `explain NAME` "
                   "shows one)")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="judge the saves of a season in this many processes")
@click.option("--force", is_flag=True,
              help="check a save whose game name differs from the game given (its replay must still reach the "
                   "saved state)")
@click.option("--html", "html", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write the season's report as one HTML page: a summary, each save's violations, and the "
                   "board drawn at each of them")
def check_save_command(saves: tuple[Path, ...], spec: Path | None, game: Path | None, rules: tuple[str, ...],
                       fmt: str, color: str, league: str | None, jobs: int, force: bool, html: Path | None) -> None:
    """Replay the history of TripleA SAVEs (.tsvg) and report broken house rules.

    The game is the one each save carries, unless --spec or --game names it. Several saves, a folder of saves
    or --league make a season: every save is judged (one that cannot be is reported where it stands), and a
    summary line ends the run. --html also writes the report as a page, with each save's board drawn (from the
    game the save carries) where each violation happened.
    """
    from compiler.check_game import check_save

    if len(saves) == 1 and league is None and not saves[0].is_dir() and html is None:
        _run(lambda: check_save(saves[0], spec, game, rules, force), fmt, color)
    _season(saves, spec, game, rules, force, league, jobs, fmt, color, html)


def _season(saves: tuple[Path, ...], spec: Path | None, game: Path | None, rules: tuple[str, ...], force: bool,
            league: str | None, jobs: int, fmt: str, color: str, html: Path | None) -> None:
    """check-save over a season; exit 1 when a rule is broken, 2 when a save could not be judged."""
    from compiler.fileio import check_writable
    from compiler.league import load_league
    from compiler.season import check_season, season_saves

    with exits_on_bad_input():
        if html is not None:
            check_writable(html)
        found = season_saves(saves)
        chosen = load_league(league) if league is not None else None
        if spec and game:
            raise InputError("give --spec or --game, not both", code="bad-invocation")
    draw = None
    if html is not None:
        from compiler.draw.season_boards import draw_boards

        draw = draw_boards
    season = check_season(found, spec, game, rules, force, chosen, jobs, draw)
    if html is not None:
        from compiler.draw.season_report import write_season_report

        with exits_on_bad_input():
            write_season_report(html, season, chosen)
    colored = fmt == "text" and use_color(color)
    click.echo(render(season.problems, fmt, colored, 1), nl=False, color=colored or None)
    if fmt == "text":
        click.echo(season.summary(), err=True)
        if html is not None:
            click.echo(f"{html}: season report written", err=True)
    sys.exit(2 if season.unreadable else 1 if season.violations else 0)
