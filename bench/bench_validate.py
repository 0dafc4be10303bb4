"""Benchmark: validate the whole real corpus, and parse the same files with TripleA, same run.

    python bench/bench_validate.py [--jobs N] [--engine 1.9|2.7|latest] [--repeat R] [--maps] [--floor]

Every run of ours is a fresh Python process (imports, discovery, parsing, every check), as every
run of TripleA's is a fresh JVM: nothing is cached from one run to the next. Prints our wall and
CPU time (1 process and N processes), TripleA's for the same engine (1.9: one JVM for all files, as
tests/oracle/triplea19.py runs it, also the sum of its per-file parse times without JVM start;
2.7: the oracle kit's parse.sh, GameParser + GameParsingValidation as 2.7 runs them when a game is
selected, one JVM), and the ratios; each is the best of R runs. With --floor, also what merely
reading the corpus costs a fresh Python process (FLOORS): the ceiling of any Python validator's
ratio. Needs ../shared and, for the comparison, TripleA 1.9 (apt-get install triplea) or the 2.7
oracle kit's Java and jars.

Last measured (2026-11-26; the 51 corpus games, 20.5 MB; 2 vCPUs shared with other work, so
times vary by ~20% from run to run), fresh process per run, best of 5, same run as TripleA:

    engine 2.7: 1 process 2.41 s wall / 2.40 s CPU; 2 processes 1.37 s wall / 2.48 s CPU
                TripleA 2.7.15622 parse.sh, one JVM: 2.95 s wall / 5.41 s CPU -> CPU 2.25x
    engine 1.9: 1 process 2.10 s wall / 2.10 s CPU; 2 processes 1.29 s wall / 2.34 s CPU
                TripleA 1.9, one JVM: 2.07 s wall / 2.41 s CPU (8 files refused) -> CPU 1.15x
    --floor:    start + lxml 0.06 s, + parse 0.29 s, + every attribute value 0.41 s, + every
                located element 0.57 s: ceilings of 9.5x against 2.7 and 4.2x against 1.9
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

from measure import child_environment, children_cpu

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"


def corpus(maps: bool = False) -> list[Path]:
    """The reference corpus's game XMLs; with `maps`, also the reference map folders' games (which
    validate checks as map folders: polygons, centres, ..., work TripleA's parser does not do)."""
    files = sorted((REFERENCE / "corpus").glob("*.xml"))
    return files + sorted((REFERENCE / "maps").glob("*/map/games/*.xml")) if maps else files


def child(cmd: list[str]) -> str:
    """The output of a measured child process; its error and exit 2 when it fails (say, this Python
    cannot import `compiler`: install the project first)."""
    done = subprocess.run(cmd, capture_output=True, text=True, env=child_environment())
    if done.returncode != 0:
        sys.exit(f"bench_validate: a measured child failed (exit {done.returncode}):\n{done.stderr.strip()}")
    return done.stdout


def ours(files: list[Path], engine: str, jobs: int) -> tuple[float, float, int, int]:
    """Wall and CPU seconds (a fresh process and its workers) to validate `files`; errors, warnings."""
    cmd = [sys.executable, __file__, "--worker", "--engine", engine, "--jobs", str(jobs), *map(str, files)]
    start, cpu = time.perf_counter(), children_cpu()
    out = child(cmd)
    wall, used = time.perf_counter() - start, children_cpu() - cpu
    errors, warnings = map(int, out.split())
    return wall, used, errors, warnings


def worker(files: list[str], engine: str, jobs: int) -> int:
    """The measured run: what `triplea-compiler validate` does, without printing the problems."""
    from compiler.selection import flags_from
    from compiler.validate import collect, validate_batch

    batch = collect(tuple(map(Path, files)), flags_from(None, None, False, False))
    problems = validate_batch(batch, engine, jobs).problems
    errors = sum(p.is_error for p in problems)
    print(errors, len(problems) - errors)
    return 0


# The floors: what any Python program must spend to read the corpus at all, each a fresh process.
FLOORS = {
    "start": "the interpreter starts and imports lxml",
    "parse": "+ lxml parses every file (C)",
    "values": "+ every attribute value as a Python string (one C XPath per file)",
    "elements": "+ every element's tag, attributes and line in a Python loop (what a located check needs)",
}


def floor_worker(files: list[str], level: str) -> int:
    """One floor's work (see FLOORS): the levels are cumulative."""
    from lxml import etree

    if level == "start":
        return 0
    values = etree.XPath("//@*", smart_strings=False)
    count = 0
    for name in files:
        root = etree.fromstring(Path(name).read_bytes(), etree.XMLParser(resolve_entities=False, huge_tree=True))
        if level == "values":
            count += len(values(root))
        elif level == "elements":
            for element in root.iter():
                _located = (element.tag, dict(element.attrib), element.sourceline)
                count += 1
    print(count)
    return 0


def floor(files: list[Path], level: str) -> float:
    """CPU seconds of a fresh process doing one floor's work on `files`."""
    cmd = [sys.executable, __file__, "--floor-worker", level, *map(str, files)]
    cpu = children_cpu()
    child(cmd)
    return children_cpu() - cpu


def theirs(files: list[Path], engine: str) -> tuple[float, float, float, int] | None:
    """Wall and CPU of TripleA's own parser on `files`, the seconds inside its parse calls (1.9 only,
    else 0) and how many files it refuses; None when that engine is not installed."""
    return theirs_19(files) if engine == "1.9" else theirs_kit(files, engine)


def theirs_kit(files: list[Path], engine: str) -> tuple[float, float, float, int] | None:
    """A release's oracle kit (2.7, latest ...) on `files`."""
    spec = importlib.util.spec_from_file_location("kits", ROOT / "tests" / "oracle" / "kits.py")
    kits = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["kits"] = kits
    spec.loader.exec_module(kits)  # type: ignore[union-attr]
    oracle = kits.Kit.of(engine)
    if oracle.missing() is not None:
        return None
    if not files:
        return 0.0, 0.0, 0.0, 0
    start, cpu = time.perf_counter(), children_cpu()
    verdicts = oracle.judge(files)
    wall, used = time.perf_counter() - start, children_cpu() - cpu
    return wall, used, 0.0, sum(not v.loads for v in verdicts.values())


def theirs_19(files: list[Path]) -> tuple[float, float, float, int] | None:
    spec = importlib.util.spec_from_file_location("triplea19", ROOT / "tests" / "oracle" / "triplea19.py")
    oracle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oracle)  # type: ignore[union-attr]
    if not oracle.available():
        return None
    oracle.build()  # compile the harness outside the timing
    start, cpu = time.perf_counter(), children_cpu()
    outcomes = oracle.parse_report([str(f) for f in files])
    wall, used = time.perf_counter() - start, children_cpu() - cpu
    return wall, used, sum(o.millis for o in outcomes) / 1000, sum(not o.ok for o in outcomes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--engine", default="2.7", help="1.9, or a release with an oracle kit (2.7, latest)")
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs")
    parser.add_argument("--maps", action="store_true", help="also the reference map folders")
    parser.add_argument("--floor", action="store_true",
                        help="also the floors: what reading the corpus at all costs Python (see FLOORS)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor-worker", choices=list(FLOORS), help=argparse.SUPPRESS)
    parser.add_argument("files", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.files, args.engine, args.jobs)
    if args.floor_worker:
        return floor_worker(args.files, args.floor_worker)
    files = corpus(args.maps)
    if not files:
        print(f"no corpus under {REFERENCE}", file=sys.stderr)
        return 2
    size = sum(f.stat().st_size for f in files) / 1e6
    print(f"corpus: {len(files)} game XMLs, {size:.1f} MB, engine {args.engine}")
    # Runs alternate (ours, ours in parallel, theirs) so that all see the same load on the machine.
    have_java = theirs([], args.engine) is not None
    ours(files[:1], args.engine, 1)  # warm-up: bytecode caches
    runs: list[tuple] = [
        (ours(files, args.engine, 1), ours(files, args.engine, args.jobs),
         theirs(files, args.engine) if have_java else None,
         {level: floor(files, level) for level in FLOORS} if args.floor else {})
        for _ in range(args.repeat)
    ]
    serial = min((r[0] for r in runs), key=lambda r: r[0])
    parallel = min((r[1] for r in runs), key=lambda r: r[0])
    print(f"triplea-compiler validate, 1 process : {serial[0]:6.2f} s wall, {serial[1]:6.2f} s CPU "
          f"({serial[2]} errors, {serial[3]} warnings)")
    print(f"triplea-compiler validate, {args.jobs} processes: {parallel[0]:6.2f} s wall, {parallel[1]:6.2f} s CPU")
    them = f"TripleA {args.engine}"
    if not have_java:
        print(f"{them} not installed: no comparison")
        return 0
    java = min((r[2] for r in runs), key=lambda r: r[0])
    inside = f"; {java[2]:.2f} s inside its parse calls" if args.engine == "1.9" else ""
    print(f"{them} GameParser, one JVM      : {java[0]:6.2f} s wall, {java[1]:6.2f} s CPU "
          f"({java[3]} files rejected{inside})")
    print(f"speed-up over {them}, wall      : {java[0] / serial[0]:5.2f}x (1 process), "
          f"{java[0] / parallel[0]:5.2f}x ({args.jobs} processes)")
    print(f"speed-up over {them}, CPU       : {java[1] / serial[1]:5.2f}x (1 process)")
    if args.floor:
        print(f"floors (fresh process, CPU; a validator cannot use less than the last, so its CPU ratio to "
              f"{them} cannot exceed the ratio shown):")
        for level, label in FLOORS.items():
            least = min(r[3][level] for r in runs)
            print(f"  {least:5.2f} s  {java[1] / least:5.2f}x  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
