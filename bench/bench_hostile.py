"""Hostile inputs: the seconds and peak memory of every case of tests/hostile/test_cli_hostile.py (each a
`triplea-compiler` process of its own, as a user runs it), slowest first, and the worst of each.

Issue #15's goal: a clean, located error within a second and under 500 MB. The test suite checks the
error and the memory cap, with a 5-second limit; this script measures the time.

Run: python bench/bench_hostile.py [--top N]   (needs ../shared for the cases that read reference data)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "hostile"), str(ROOT / "tests")]

from hostile_inputs import build  # noqa: E402
from test_cli_hostile import CASES, Outcome, case_inputs, run_case  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest cases to list")
    args = parser.parse_args()
    results: list[tuple[str, Outcome]] = []
    with tempfile.TemporaryDirectory() as folder:
        hostile = Path(folder) / "hostile"
        hostile.mkdir()
        build(hostile)
        for index, (name, case_args, _, _) in enumerate(CASES):
            scratch = Path(folder) / f"case{index}"
            scratch.mkdir()
            results.append((name, run_case(case_args, case_inputs(hostile, scratch))))
    results.sort(key=lambda item: item[1].seconds, reverse=True)
    print(f"{'case':40} {'exit':>4} {'seconds':>8} {'peak MB':>8}")
    for name, outcome in results[: args.top]:
        print(f"{name:40} {outcome.status:4} {outcome.seconds:8.2f} {outcome.peak_mb:8}")
    seconds = [o.seconds for _, o in results]
    print(f"{len(results)} cases: slowest {max(seconds):.2f} s, median {sorted(seconds)[len(seconds) // 2]:.2f} s, "
          f"{sum(s >= 1.0 for s in seconds)} at 1 s or more; largest peak {max(o.peak_mb for _, o in results)} MB")


if __name__ == "__main__":
    main()
