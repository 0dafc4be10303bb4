"""Benchmark: validate the public map catalogue, and parse the same games with TripleA 2.7, same run.

    python bench/bench_catalogue.py [--repeat R] [--slowest N] [--markdown] [--no-triplea]

The catalogue (../shared/reference/catalogue: 140 map repositories, 211 game XMLs with their map text
files, unpacked once by its extract.sh) is what players install; validating a repository folder reads
its games and its polygons.txt, centers.txt, place.txt ... (`triplea-compiler validate FOLDER`).

Measured, as CPU seconds (user + system) of fresh processes, as a user runs them:

1. the whole catalogue: one process of ours (`python -m compiler validate --engine 2.7 --format json`
   with every repository folder) against one JVM of TripleA 2.7's parser for all 211 games (the oracle
   kit's parse.sh: GameParser + GameParsingValidation, as bench_validate.py runs it), best of R,
   alternating;
2. every folder alone, once (one process each), which finds the slowest; then the N slowest again,
   best of R, each against one JVM of TripleA for that folder's games (a JVM's start is part of what a
   user waits for; the whole-catalogue row shows TripleA without it).

Goals (the issue of the catalogue): every folder under FOLDER_TARGET seconds; the whole catalogue in
less CPU than TripleA 2.7 takes on the same games. Exit 1 when either is missed. Needs ../shared; the
comparison needs the 2.7 oracle kit's Java and jars (--no-triplea: ours only).

Last measured (2026-11-28, 2 vCPUs shared with other work; `--version` costs about 0.3 s of CPU here),
CPU seconds, ours / TripleA 2.7, best of 2 (before the work on the geometry best of 1, after it best of 3):

                            before geometry   after geometry    now
    whole catalogue         100.60 / 28.25    42.88 / 28.33    39.80 / 27.70
    age_of_tribes (slowest)   3.95 / 7.98      2.91 / 6.17      2.68 / 6.36
    folders alone           median 1.18 s, 93 of 140 at 1 s or more; 0.96 s, 65; now 0.97 s, 55

docs/catalogue-benchmark.md has the profiles and what is left.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from measure import child_environment, children_cpu

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT.parent / "shared" / "reference" / "catalogue"
FOLDER_TARGET = 1.0  # seconds of CPU for any one folder
ENGINE = "2.7"


@dataclass(frozen=True)
class Folder:
    """One repository folder of the catalogue and its game XMLs."""

    path: Path
    games: tuple[Path, ...]

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def megabytes(self) -> float:
        """The size of its games and map text files (what validate reads)."""
        return sum(f.stat().st_size for f in self.path.rglob("*") if f.is_file() and f.suffix in (".xml", ".txt")) / 1e6


def catalogue() -> list[Folder]:
    """The catalogue's repository folders (unpacked by its extract.sh into a cache folder); [] without it."""
    script = CATALOGUE / "extract.sh"
    if not script.is_file():
        return []
    run = subprocess.run(["bash", str(script)], capture_output=True, text=True, check=True, timeout=600)
    maps = Path(run.stdout.strip().splitlines()[-1]) / "maps"
    return [Folder(p, tuple(sorted(p.rglob("*.xml")))) for p in sorted(maps.iterdir()) if p.is_dir()]


def ours(paths: list[Path]) -> float:
    """CPU seconds of one fresh `validate` process over `paths` (exit 0, 1 or 2 allowed: some folders
    hold no game; exit 3, an internal error, stops the bench)."""
    cmd = [sys.executable, "-m", "compiler", "validate", "--engine", ENGINE, "--format", "json", *map(str, paths)]
    before = children_cpu()
    done = subprocess.run(cmd, cwd=ROOT, env=child_environment(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    used = children_cpu() - before
    if done.returncode not in (0, 1, 2):
        sys.exit(f"bench_catalogue: validate failed (exit {done.returncode}):\n{done.stderr.strip()[-2000:]}")
    return used


def kit() -> object | None:
    """TripleA 2.7's oracle kit (tests/oracle/kits.py, loaded by path), None when it cannot run here."""
    spec = importlib.util.spec_from_file_location("kits", ROOT / "tests" / "oracle" / "kits.py")
    assert spec is not None and spec.loader is not None
    kits = importlib.util.module_from_spec(spec)
    sys.modules["kits"] = kits
    spec.loader.exec_module(kits)
    oracle = kits.Kit.of(ENGINE)
    return None if oracle.missing() is not None else oracle


def theirs(oracle: object | None, games: list[Path]) -> float | None:
    """CPU seconds of one JVM of TripleA's parser over `games` (None without the kit or without games)."""
    if oracle is None or not games:
        return None
    before = children_cpu()
    oracle.judge(games)  # type: ignore[attr-defined]
    return children_cpu() - before


def best(runs: list[float | None]) -> float | None:
    """The least of the measured runs (None when none was measured)."""
    measured = [r for r in runs if r is not None]
    return min(measured) if measured else None


def ratio(mine: float, them: float | None) -> str:
    return f"{them / mine:.2f}x" if them else "-"


def seconds(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs")
    parser.add_argument("--slowest", type=int, default=8, help="how many of the slowest folders to show")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (for docs/benchmarks.md)")
    parser.add_argument("--no-triplea", action="store_true", help="ours only, without TripleA's kit")
    args = parser.parse_args()
    folders = catalogue()
    if not folders:
        print(f"no catalogue under {CATALOGUE}", file=sys.stderr)
        return 2
    games = [g for f in folders for g in f.games]
    oracle = None if args.no_triplea else kit()
    print(f"catalogue: {len(folders)} folders, {len(games)} game XMLs; engine {ENGINE}; "
          f"TripleA {'kit found' if oracle is not None else 'not measured'}", file=sys.stderr)
    ours([folders[0].path])  # warm-up: bytecode caches
    whole = [(ours([f.path for f in folders]), theirs(oracle, games)) for _ in range(args.repeat)]
    alone = sorted(((ours([f.path]), f) for f in folders), key=lambda row: -row[0])
    over = [f.name for used, f in alone if used >= FOLDER_TARGET]
    rows = []
    for _, folder in alone[:args.slowest]:
        runs = [(ours([folder.path]), theirs(oracle, list(folder.games))) for _ in range(args.repeat)]
        rows.append((folder, min(r[0] for r in runs), best([r[1] for r in runs])))
    rows.sort(key=lambda row: -row[1])
    mine, them = min(r[0] for r in whole), best([r[1] for r in whole])
    table = [("whole catalogue", f"{len(folders)} folders, {len(games)} games", mine, them)]
    table += [(f"`{folder.name}`", f"{len(folder.games)} game{'s' * (len(folder.games) != 1)}, "
               f"{folder.megabytes:.1f} MB", used, java) for folder, used, java in rows]
    print_table(table, args.markdown, args.repeat)
    print(f"folders alone: slowest {alone[0][0]:.2f} s ({alone[0][1].name}), median "
          f"{alone[len(alone) // 2][0]:.2f} s; {len(over)} at or over {FOLDER_TARGET:.1f} s"
          + (f": {', '.join(over)}" if over else ""))
    missed = bool(over) or (them is not None and mine >= them)
    return 1 if missed else 0


def print_table(table: list[tuple[str, str, float, float | None]], markdown: bool, repeat: int) -> None:
    """The measured rows: what, its size, our CPU, TripleA's, and how many times less CPU ours takes."""
    header = ("validated", "size", "triplea-compiler", f"TripleA {ENGINE} parser", "CPU ratio")
    if markdown:
        print(f"| {' | '.join(header)} |")
        print("|---|---|--:|--:|--:|")
        for what, size, mine, them in table:
            print(f"| {what} | {size} | {mine:.2f} s | {seconds(them)} s | {ratio(mine, them)} |")
        return
    print(f"CPU seconds, fresh process (ours) and fresh JVM (TripleA) per run, best of {repeat}:")
    print(f"{header[0]:34} {header[1]:28} {header[2]:>16} {header[3]:>20} {header[4]:>9}")
    for what, size, mine, them in table:
        print(f"{what.strip('`'):34} {size:28} {mine:16.2f} {seconds(them):>20} {ratio(mine, them):>9}")


if __name__ == "__main__":
    sys.exit(main())
