"""Allies vs. Axis engine speed: games per second for each AI pairing and mode.

Run: python bench/bench_ava.py [--games N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from compiler.ava.match import run_games
from compiler.spec import load_board_game

SPEC = Path(__file__).resolve().parents[1] / "specs" / "allies_vs_axis.yaml"
PAIRINGS = [("battleship-ai", "tank-ai"), ("aircraft-ai", "tank-ai"), ("battleship-ai", "aircraft-ai")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    cfg = load_board_game(SPEC)
    total_games = total_rounds = 0
    total_time = 0.0
    for victory in ("sudden-death", "conqueror"):
        for mode in cfg.modes:
            for allies, axis in PAIRINGS:
                start = time.perf_counter()
                results = run_games(cfg, mode, {"allies": allies, "axis": axis}, seed=0, games=args.games,
                                    victory=victory)
                elapsed = time.perf_counter() - start
                rounds = sum(r.turns for r in results)
                total_games += len(results)
                total_rounds += rounds
                total_time += elapsed
                wins = sum(r.winner == "allies" for r in results) / len(results)
                print(f"{victory:<12} {mode:<15} {allies:>13} vs {axis:<13} {len(results) / elapsed:8.1f} games/s "
                      f"{rounds / elapsed:9.0f} rounds/s  allies win {wins:.1%}")
    speed = f"{total_games / total_time:.1f} games/s, {total_rounds / total_time:.0f} rounds/s"
    print(f"total: {total_games} games, {speed}")
    start = time.perf_counter()
    run_games(cfg, "normal", {"allies": "battleship-ai", "axis": "tank-ai"}, seed=0, games=50, record=True)
    print(f"recording events: {50 / (time.perf_counter() - start):.1f} games/s")


if __name__ == "__main__":
    main()
