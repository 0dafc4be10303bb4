"""`triplea-compiler play SPEC`: play Allies vs. Axis (the spec's `board_game:`) with AIs or humans."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from compiler.terminal import exits_on_bad_input

MAX_SEED = 2**63 - 1  # seeds are Java longs in spirit: one a person can type and read back
MAX_GAMES = 100_000


def _fail(message: str, status: int = 2) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(status)


@click.command("play")
@click.argument("spec", type=click.Path(path_type=Path))
@click.option("--mode", default="normal", show_default=True,
              help="Game mode of the spec: normal, les-miserables, fierce-battles, without-italy.")
@click.option("--allies", default="battleship-ai", show_default=True,
              help="Allies player: tank-ai, aircraft-ai, battleship-ai or human.")
@click.option("--axis", default="tank-ai", show_default=True,
              help="Axis player: tank-ai, aircraft-ai, battleship-ai or human.")
@click.option("--seed", type=click.IntRange(-MAX_SEED - 1, MAX_SEED), default=0, show_default=True,
              help="Seed of the first game (game n: seed+n).")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1, show_default=True, help="Number of games.")
@click.option("--turn-limit", type=int, default=None, help="Optional end after this many rounds (100 or 300).")
@click.option("--victory", type=click.Choice(["conqueror", "sudden-death"]), default=None,
              help="Main end condition (default: the spec's rules.victory).")
@click.option("--jail-limit", type=int, default=None, help="Imprisonments that lose the game (3 or 5).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--log", "log_path", type=click.Path(path_type=Path), default=None,
              help="Write the game's log (YAML, or JSON for a .json name); one game only.")
@click.option("--progress", "progress_path", type=click.Path(path_type=Path), default=None,
              help="The player's progress (JSON): only the modes unlocked may be played; a win against the "
                   "Battleship AI unlocks the next one.")
def play_command(
    spec: Path, mode: str, allies: str, axis: str, seed: int, games: int, turn_limit: int | None,
    victory: str | None, jail_limit: int | None, fmt: str, log_path: Path | None, progress_path: Path | None,
) -> None:
    """Play Allies-vs-Axis games of SPEC and print the result (or win rates over --games N).

    The board, units, costs, modes and AI tendencies come from the spec's `board_game:` section; the
    spec is loaded and validated as every command loads it (exit 1 when invalid, 2 when unreadable).
    With --progress, a mode not yet unlocked is refused (exit 2).
    """
    from compiler.ava.human import HumanPlayer, InputEnded
    from compiler.ava.match import player_kinds, run_games, summarize, summary_text, write_game_log
    from compiler.ava.progress import load_progress, save_progress
    from compiler.spec import load_board_game

    with exits_on_bad_input(problems_status=1):
        cfg = load_board_game(spec)
    if mode not in cfg.modes:
        _fail(f"unknown mode {mode!r}; the spec has: {', '.join(cfg.modes)}")
    kinds = {"allies": allies, "axis": axis}
    for side, kind in kinds.items():
        if kind not in player_kinds(cfg):
            _fail(f"unknown --{side} player {kind!r}; choose one of: {', '.join(player_kinds(cfg))}")
    if turn_limit is not None and turn_limit not in cfg.rules.turn_limits:
        _fail(f"--turn-limit must be one of {cfg.rules.turn_limits}")
    if jail_limit is not None and jail_limit not in cfg.rules.jail_limits:
        _fail(f"--jail-limit must be one of {cfg.rules.jail_limits}")
    if log_path is not None and games != 1:
        _fail("--log writes the log of one game: leave out --games or use --games 1")
    progress = None
    if progress_path is not None:
        with exits_on_bad_input():
            progress = load_progress(progress_path)
        unlocked = progress.open_modes(cfg)
        if mode not in unlocked:
            _fail(f"mode {mode!r} is locked: beat the {cfg.rules.unlocking_ai} to unlock the next mode "
                  f"(unlocked: {', '.join(unlocked)})")

    def human() -> HumanPlayer:
        return HumanPlayer(sys.stdin, sys.stderr if fmt == "json" else sys.stdout)

    try:
        results = run_games(cfg, mode, kinds, seed=seed, games=games, victory=victory, jail_limit=jail_limit,
                            turn_limit=turn_limit, record=log_path is not None, human=human)
    except InputEnded:
        _fail("standard input ended before the game did: game abandoned")
    except KeyboardInterrupt:
        _fail("interrupted: game abandoned", 130)
    opened = [m for r in results if progress is not None and (m := progress.record(cfg, r.winner, kinds))]
    if progress is not None and progress_path is not None:
        with exits_on_bad_input():
            save_progress(progress_path, progress)
    if log_path is not None:
        with exits_on_bad_input():
            write_game_log(log_path, results[0], cfg, mode)
    if fmt == "json":
        doc = {"games": [r.as_dict() for r in results], "summary": summarize(results, cfg)}
        click.echo(json.dumps(doc, indent=1))
    else:
        click.echo(summary_text(results, cfg, mode))
    for unlocked_mode in opened:
        click.echo(f"mode unlocked: {cfg.modes[unlocked_mode].title}", err=fmt == "json")
