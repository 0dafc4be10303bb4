"""Hostile inputs: the seconds and peak memory of every case of tests/hostile/test_cli_hostile.py (each a
`triplea-compiler` process of its own, as a user runs it), slowest first, and the worst of each.

Issue #15's goal: a clean, located error within a second and under 500 MB. The test suite checks the
error and the memory cap, with a 5-second limit; this script measures the time.

With --zips: the CPU seconds and peak memory of `validate` on map zips of many small games (4,000 games in
one map folder; 20,000 games, each in a map folder of its own), which the zip opened once per run keeps
linear (it was opened twice per game: 4,000 games took 70 s and 20,000 did not end in 10 minutes).

Run: python bench/bench_hostile.py [--top N] [--zips]   (needs ../shared for the cases that read reference data)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "hostile"), str(ROOT / "tests")]

from hostile_inputs import build, clean  # noqa: E402
from test_cli_hostile import CASES, Outcome, case_inputs, run_case  # noqa: E402

GAME = '<?xml version="1.0"?><game><info name="G{i}" version="1"/><map><territory name="A"/></map></game>'


def _games_zip(path: Path, games: int, one_map: bool) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for i in range(games):
            archive.writestr(f"m/games/g{i}.xml" if one_map else f"m{i}/games/g.xml", GAME.format(i=i))
    return path


def bench_zips() -> None:
    """validate on zips of many games, each a process of its own: CPU seconds (user+sys) and peak memory."""
    print(f"{'zip':36} {'size MB':>8} {'exit':>4} {'CPU s':>7} {'peak MB':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for games, one_map in ((4_000, True), (20_000, False)):
            name = f"{games} games in {'one map' if one_map else 'a map each'}"
            archive = _games_zip(Path(folder) / f"z{games}.zip", games, one_map)
            proc = subprocess.Popen([sys.executable, "-m", "compiler", "validate", str(archive)], cwd=ROOT,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(proc.pid, 0)
            print(f"{name:36} {archive.stat().st_size / 2**20:8.1f} {os.waitstatus_to_exitcode(status):4} "
                  f"{usage.ru_utime + usage.ru_stime:7.1f} {usage.ru_maxrss // 1024:8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest cases to list")
    parser.add_argument("--zips", action="store_true", help="measure validate on zips of many games instead")
    args = parser.parse_args()
    if args.zips:
        bench_zips()
        return
    results: list[tuple[str, Outcome]] = []
    with tempfile.TemporaryDirectory() as folder:
        hostile = Path(folder) / "hostile"
        hostile.mkdir()
        build(hostile, deep_tree=True)
        try:
            for index, (name, case_args, _, _) in enumerate(CASES):
                scratch = Path(folder) / f"case{index}"
                scratch.mkdir()
                results.append((name, run_case(case_args, case_inputs(hostile, scratch))))
        finally:
            clean(hostile)
    results.sort(key=lambda item: item[1].seconds, reverse=True)
    print(f"{'case':40} {'exit':>4} {'seconds':>8} {'peak MB':>8}")
    for name, outcome in results[: args.top]:
        print(f"{name:40} {outcome.status:4} {outcome.seconds:8.2f} {outcome.peak_mb:8}")
    seconds = [o.seconds for _, o in results]
    print(f"{len(results)} cases: slowest {max(seconds):.2f} s, median {sorted(seconds)[len(seconds) // 2]:.2f} s, "
          f"{sum(s >= 1.0 for s in seconds)} at 1 s or more; largest peak {max(o.peak_mb for _, o in results)} MB")


if __name__ == "__main__":
    main()
