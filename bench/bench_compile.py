"""Benchmark: compile time of every spec in specs/ (load, lower, check, render), largest first.

Run: python bench/bench_compile.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from compiler.compile import compile_spec  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    specs = sorted((ROOT / "specs").glob("*.yaml"), key=lambda p: p.stat().st_size, reverse=True)
    print(f"{'spec':28} {'lines':>6} {'xml lines':>9} {'median s':>9} {'min s':>7} {'peak MiB':>8}")
    for spec in specs:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = compile_spec(spec)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        compile_spec(spec)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        xml_lines = result.xml.count("\n") if result.xml else 0
        lines = spec.read_text().count("\n")
        print(f"{spec.stem:28} {lines:6} {xml_lines:9} {statistics.median(times):9.3f} {min(times):7.3f} {peak:8.1f}")


if __name__ == "__main__":
    main()
