"""The speed targets of the command line, each timed as a user runs it: a fresh process per command.

    python bench/bench_targets.py [--repeat R] [--markdown]

Every row is one `python -m compiler ...` command line, run R times (default 5) after one warm-up run
(which writes the bytecode caches an installed wheel has from the start; PYTHONDONTWRITEBYTECODE is
removed from the children's environment for that reason); the best CPU time (user + system of the
child) is reported beside its target. Rows: start-up (`--version`, `--help`, each command's `--help`),
a small `validate`, `fmt --check` and `compile` of every seed spec, `show-save` and `check-save` of the
largest reference save, and import/compile/diff of the largest real game. Exit status 1 when a target
is missed. Rows needing ../shared are left out when it is absent (said so in the output).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from measure import child_environment, children_cpu

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"
SAVE = REFERENCE / "saves" / "nwo_smalls_ai_game_during_combat.tsvg"
SAVE_GAME = REFERENCE / "corpus" / "new_world_order_smalls.xml"
LARGEST_GAME = REFERENCE / "corpus" / "Global_40_House_Rules.xml"
SMALL_GAME = ROOT / "output" / "two_fronts.xml"


@dataclass(frozen=True)
class Row:
    """One command line and the CPU seconds it may take (None: measured, no target)."""

    label: str
    args: list[str]
    target: float | None = None
    ok_status: tuple[int, ...] = (0,)


def rows(scratch: Path) -> list[Row]:
    from compiler.commands import COMMANDS

    specs = sorted((ROOT / "specs").glob("*.yaml"))
    out = [Row("--version", ["--version"], 0.15), Row("--help", ["--help"], 0.15)]
    out += [Row(f"{name} --help", [name, "--help"]) for name in sorted(COMMANDS)]
    out.append(Row(f"validate {SMALL_GAME.name} ({_lines(SMALL_GAME)} lines)", ["validate", str(SMALL_GAME)], 0.25))
    out += [Row(f"fmt --check {s.name}", ["fmt", "--check", str(s)], 1.0) for s in specs]
    out += [Row(f"compile {s.name}", ["compile", str(s), "-o", str(scratch / "out")], 1.0) for s in specs]
    if SAVE.is_file():
        out.append(Row(f"show-save {SAVE.name}", ["show-save", str(SAVE)], 0.5))
        out.append(Row(f"check-save {SAVE.name}", ["check-save", str(SAVE), "--game", str(SAVE_GAME)], 0.5))
    if LARGEST_GAME.is_file():
        spec = scratch / "largest.yaml"
        out.append(Row(f"import {LARGEST_GAME.name} ({_lines(LARGEST_GAME):,} lines)",
                       ["import", str(LARGEST_GAME), "-o", str(spec)]))
        out.append(Row("compile it", ["compile", str(spec), "-o", str(scratch / "largest")], ok_status=(0, 1)))
        out.append(Row("diff it with its spec", ["diff", str(LARGEST_GAME), str(spec)], ok_status=(0, 1)))
    return out


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n")


def cpu_seconds(args: list[str], ok_status: tuple[int, ...]) -> float:
    """CPU (user + system) of one `python -m compiler ARGS` process."""
    before = children_cpu()
    done = subprocess.run([sys.executable, "-m", "compiler", *args], env=child_environment(), cwd=ROOT,
                          capture_output=True)
    used = children_cpu() - before
    if done.returncode not in ok_status:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}\n{done.stderr.decode(errors='replace')}")
    return used


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="best of R runs (after one warm-up)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/benchmarks.md)")
    args = parser.parse_args()
    if not REFERENCE.is_dir():
        print(f"no {REFERENCE}: the save and largest-game rows are left out")
    missed = 0
    with tempfile.TemporaryDirectory() as tmp:
        table = []
        for row in rows(Path(tmp)):
            cpu_seconds(row.args, row.ok_status)  # warm-up: bytecode caches, file system caches
            best = min(cpu_seconds(row.args, row.ok_status) for _ in range(args.repeat))
            met = row.target is None or best < row.target
            missed += not met
            verdict = "" if row.target is None else ("met" if met else "MISSED")
            table.append((row.label, best, row.target, verdict))
            if not args.markdown:
                target = "" if row.target is None else f"< {row.target:.2f}"
                print(f"{row.label:<58}{best:8.3f} s  {target:>7}  {verdict}", flush=True)
    if args.markdown:
        print("| command | CPU s | target | |\n|---|--:|--:|---|")
        for label, best, target, verdict in table:
            print(f"| `{label}` | {best:.3f} | {'' if target is None else f'< {target}'} | {verdict} |")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
