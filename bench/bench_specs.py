"""Time the compile of each seed-variant spec, stage by stage: YAML load, lowering, checks, render.

    python bench/bench_specs.py [SPEC...]      (default: the five seed specs)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from compiler.checks import run_checks
from compiler.lower import lower_spec
from compiler.spec import load_spec
from compiler.xml.render import render_game

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ["aggression_1939", "g40_alt_universe", "empire", "diberardino_classic", "allies_vs_axis"]


def bench(path: Path) -> dict[str, float]:
    times: dict[str, float] = {}
    start = time.perf_counter()
    spec = load_spec(path)
    times["load"] = time.perf_counter() - start
    start = time.perf_counter()
    model, _ = lower_spec(spec)
    times["lower"] = time.perf_counter() - start
    start = time.perf_counter()
    run_checks(model, engine=spec.engine)
    times["checks"] = time.perf_counter() - start
    start = time.perf_counter()
    render_game(model)
    times["render"] = time.perf_counter() - start
    return times


def main(args: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", type=Path, help="specs to compile (default: the five seed specs)")
    paths = parser.parse_args(args).specs or [ROOT / "specs" / f"{name}.yaml" for name in SEEDS]
    print(f"{'spec':<24}{'KiB':>7}{'load':>8}{'lower':>8}{'checks':>8}{'render':>8}{'total':>8}")
    for path in paths:
        t = bench(path)
        size = path.stat().st_size / 1024
        print(f"{path.stem:<24}{size:>7.0f}" + "".join(f"{t[k]:>8.2f}" for k in ("load", "lower", "checks", "render"))
              + f"{sum(t.values()):>8.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
