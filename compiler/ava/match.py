"""Series of games between two players, their summary, and the game log of one game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compiler.ava.ai import ProfileAI
from compiler.ava.game import Game, GameResult
from compiler.ava.players import Player
from compiler.spec.board_game import SIDES, BoardGame

HUMAN = "human"


def player_kinds(cfg: BoardGame) -> list[str]:
    """Names accepted for --allies/--axis: the spec's AIs and `human`."""
    return [*cfg.ais, HUMAN]


def make_player(cfg: BoardGame, kind: str, human: Callable[[], Player] | None = None) -> Player:
    if kind == HUMAN:
        if human is None:
            from compiler.ava.human import HumanPlayer

            return HumanPlayer()
        return human()
    return ProfileAI(kind, cfg.ais[kind])


def run_games(
    cfg: BoardGame,
    mode: str,
    kinds: dict[str, str],
    *,
    seed: int = 0,
    games: int = 1,
    victory: str | None = None,
    jail_limit: int | None = None,
    turn_limit: int | None = None,
    record: bool = False,
    human: Callable[[], Player] | None = None,
) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; `record` keeps the events of every game."""
    results = []
    for n in range(games):
        players = {side: make_player(cfg, kinds[side], human) for side in SIDES}
        game = Game(cfg, mode, players, seed + n, victory=victory, jail_limit=jail_limit,
                    turn_limit=turn_limit, record=record)
        results.append(game.play())
    return results


def summarize(results: list[GameResult], cfg: BoardGame) -> dict[str, Any]:
    """Wins, win rates and end conditions per side, and turn statistics."""
    total = len(results)
    wins = Counter(r.winner or "draw" for r in results)
    conditions: dict[str, Counter[str]] = {key: Counter() for key in (*SIDES, "draw")}
    for r in results:
        conditions[r.winner or "draw"][r.end_condition] += 1
    turns = [r.turns for r in results]
    players = results[0].players if results else {}
    return {
        "games": total,
        "players": {side: players.get(side) for side in SIDES},
        "wins": {key: wins.get(key, 0) for key in (*SIDES, "draw")},
        "win_rate": {key: round(wins.get(key, 0) / total, 4) if total else 0.0 for key in (*SIDES, "draw")},
        "end_conditions": {key: dict(sorted(c.items())) for key, c in conditions.items()},
        "turns": {
            "mean": round(sum(turns) / total, 2) if total else 0,
            "min": min(turns, default=0),
            "max": max(turns, default=0),
        },
    }


def summary_text(results: list[GameResult], cfg: BoardGame, mode: str) -> str:
    """Human-readable result of one game or a series."""
    names = {side: cfg.sides[side].name for side in SIDES}
    if len(results) == 1:
        r = results[0]
        who = names[r.winner] if r.winner else "nobody (draw)"
        return (
            f"{cfg.title}, mode {mode}, seed {r.seed}: {names['allies']} ({r.players['allies']}) vs "
            f"{names['axis']} ({r.players['axis']})\n"
            f"winner: {who}; end condition: {r.end_condition} ({r.detail}); rounds: {r.turns}"
        )
    s = summarize(results, cfg)
    lines = [
        f"{cfg.title}, mode {mode}, {s['games']} games: {names['allies']} ({s['players']['allies']}) vs "
        f"{names['axis']} ({s['players']['axis']})"
    ]
    for key in (*SIDES, "draw"):
        label = f"{names[key]} wins" if key in names else "draws"
        conds = ", ".join(f"{c} {n}" for c, n in s["end_conditions"][key].items()) or "-"
        lines.append(f"  {label:<12} {s['wins'][key]:>5} ({s['win_rate'][key]:.1%}); end conditions: {conds}")
    t = s["turns"]
    lines.append(f"  rounds: mean {t['mean']}, min {t['min']}, max {t['max']}")
    return "\n".join(lines)


def write_game_log(path: str | Path, result: GameResult, cfg: BoardGame, mode: str) -> None:
    """The game's events in our game log format (compiler/engine/log.py), written atomically."""
    from compiler.engine.log import GameLog, write_log

    write_log(path, GameLog(game=f"{cfg.title} ({mode}, seed {result.seed})", events=list(result.events or [])))
