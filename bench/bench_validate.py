"""Benchmark: validate the whole real corpus, and parse the same files with TripleA 1.9, same run.

    python bench/bench_validate.py [--jobs N] [--engine 1.9|2.x] [--repeat R]

Prints our wall time (1 process and N processes), TripleA 1.9's (one JVM for all files, as
tests/oracle/triplea19.py runs it; also the sum of its per-file parse times, without JVM start),
and the ratios. Needs ../shared and, for the comparison, TripleA 1.9 (apt-get install triplea).
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"


def corpus() -> list[Path]:
    files = sorted((REFERENCE / "corpus").glob("*.xml"))
    return files + sorted((REFERENCE / "maps").glob("*/map/games/*.xml"))


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def ours(files: list[Path], engine: str, jobs: int) -> tuple[float, float, int, int]:
    """Wall and CPU seconds (this process and its workers) to validate `files`; errors, warnings."""
    from compiler.commands.validate import _run
    from compiler.mapfolder import discover

    start, cpu = time.perf_counter(), _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN)
    inputs = [inp for f in files for inp in discover(f)]
    problems, _ = _run(inputs, engine, jobs)
    errors = sum(p.is_error for p in problems)
    used = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN) - cpu
    return time.perf_counter() - start, used, errors, len(problems) - errors


def theirs(files: list[Path]) -> tuple[float, float, float, int] | None:
    spec = importlib.util.spec_from_file_location("triplea19", ROOT / "tests" / "oracle" / "triplea19.py")
    oracle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oracle)  # type: ignore[union-attr]
    if not oracle.available():
        return None
    oracle.build()  # compile the harness outside the timing
    start, cpu = time.perf_counter(), _cpu(resource.RUSAGE_CHILDREN)
    outcomes = oracle.parse_report([str(f) for f in files])
    wall, used = time.perf_counter() - start, _cpu(resource.RUSAGE_CHILDREN) - cpu
    return wall, used, sum(o.millis for o in outcomes) / 1000, sum(not o.ok for o in outcomes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--engine", default="1.9", choices=["1.9", "2.x"])
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs")
    args = parser.parse_args()
    files = corpus()
    if not files:
        print(f"no corpus under {REFERENCE}", file=sys.stderr)
        return 2
    size = sum(f.stat().st_size for f in files) / 1e6
    print(f"corpus: {len(files)} game XMLs, {size:.1f} MB, engine {args.engine}")
    serial = min((ours(files, args.engine, 1) for _ in range(args.repeat)), key=lambda r: r[0])
    parallel = min((ours(files, args.engine, args.jobs) for _ in range(args.repeat)), key=lambda r: r[0])
    print(f"triplea-compiler validate, 1 process : {serial[0]:6.2f} s wall, {serial[1]:6.2f} s CPU "
          f"({serial[2]} errors, {serial[3]} warnings)")
    print(f"triplea-compiler validate, {args.jobs} processes: {parallel[0]:6.2f} s wall, {parallel[1]:6.2f} s CPU")
    if theirs([]) is None:
        print("TripleA 1.9 not installed: no comparison")
        return 0
    java = min((theirs(files) for _ in range(args.repeat)), key=lambda r: r[0])  # type: ignore[misc,union-attr]
    assert java is not None
    print(f"TripleA 1.9 GameParser, one JVM      : {java[0]:6.2f} s wall, {java[1]:6.2f} s CPU "
          f"({java[3]} files rejected; {java[2]:.2f} s inside its parse calls)")
    print(f"speed-up over TripleA 1.9, wall      : {java[0] / serial[0]:5.2f}x (1 process), "
          f"{java[0] / parallel[0]:5.2f}x ({args.jobs} processes)")
    print(f"speed-up over TripleA 1.9, CPU       : {java[1] / serial[1]:5.2f}x (1 process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
