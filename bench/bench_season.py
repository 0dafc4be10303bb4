"""Benchmark a league season: `check-save --league L --jobs 2` over 1,000 saves of real size, and what TripleA takes
to load the same saves, same run.

    python bench/bench_season.py [--saves 1000] [--jobs 2] [--league revised-championship] [--passes 2]
                                 [--kits latest,2.7] [--no-ai]

The saves: ../shared/reference/saves/*.tsvg, tests/saves/data/*.tsvg and all-AI games of standard games (AI_GAMES,
played once with the newest oracle kit's ai-game.sh --seed, cached in ~/.cache/triplea-compiler-bench/ai-saves;
--no-ai leaves them out), copied round-robin into a season folder until it holds --saves files (copies: the tool
reads each one, as it would a season's). Only saves the newest kit loads go in, so that both sides read the same
files; the others are named.

Ours: one fresh `python -m compiler check-save SEASON --league L --jobs N` process, wall time and the CPU time (user
+ system) of it and its workers (resource.getrusage(RUSAGE_CHILDREN)). TripleA: bench/java/LoadSaves.java, compiled
against each kit, loads every save of the season with the release's GameDataManager.loadGame --passes times in one
JVM (default JIT and garbage collector, as TripleA runs) and reports each pass's process CPU (JIT and GC threads
included, JVM start excluded); the JVM start is measured alone (the same program given no save). A kit that cannot
load some of the season's saves (2.7 reads no save written by a newer release) is compared on those it loads, our
side run again on that part.

Last measured: see docs/benchmarks.md ("A league season") and docs/season-benchmark.md.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from measure import child_environment, children_cpu

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"
CACHE = Path.home() / ".cache" / "triplea-compiler-bench"
JAVA_SOURCE = Path(__file__).resolve().parent / "java" / "LoadSaves.java"
AI_GAMES = (("ww2v2", 2, 2), ("ww2v2", 4, 4), ("WW2v3-1941", 2, 3))
"""(corpus game, rounds, seed): World War II Revised (the league's game) and v3 1941, all-AI"""
JAVA_FLAGS = ("-Xmx2g", "-Djava.awt.headless=true", "-Dorg.slf4j.simpleLogger.defaultLogLevel=off")


def kits_module() -> ModuleType:
    """tests/oracle/kits.py, loaded by its path (it imports its sibling javac_build)."""
    spec = importlib.util.spec_from_file_location("kits", ROOT / "tests" / "oracle" / "kits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["kits"] = module
    spec.loader.exec_module(module)
    return module


def ai_saves(kit: object) -> list[Path]:
    """The AI_GAMES' saves, each played once with `kit` (a kits.Kit) and cached."""
    folder = CACHE / "ai-saves"
    folder.mkdir(parents=True, exist_ok=True)
    saves = []
    for game, rounds, seed in AI_GAMES:
        save = folder / f"{game}-r{rounds}-s{seed}.tsvg"
        if not save.is_file():
            partial = folder / f".tmp-{save.name}"
            print(f"playing {game} for {rounds} rounds (seed {seed}), once: {save}", file=sys.stderr)
            kit.ai_game(REFERENCE / "corpus" / f"{game}.xml", rounds, partial, seed)  # type: ignore[attr-defined]
            partial.rename(save)
        saves.append(save)
    return saves


def pool(kit: object | None) -> list[Path]:
    """The distinct saves a season is made of: the reference saves, the tests' saves and (with a kit) the AI saves."""
    found = sorted((REFERENCE / "saves").glob("*.tsvg")) + sorted((ROOT / "tests" / "saves" / "data").glob("*.tsvg"))
    return found + (ai_saves(kit) if kit is not None else [])


def make_season(saves: list[Path], count: int, folder: Path) -> list[Path]:
    """`count` copies of `saves`, round-robin, in weekly folders of 50 under `folder`."""
    made = []
    for i in range(count):
        source = saves[i % len(saves)]
        target = folder / f"week{i // 50 + 1:02}" / f"{i + 1:04}-{source.name}"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        made.append(target)
    return made


@dataclass(frozen=True)
class Ours:
    """One check-save run over a season."""

    saves: int
    wall: float
    cpu: float
    summary: str

    @property
    def per_second(self) -> float:
        return self.saves / self.wall

    @property
    def cpu_per_save(self) -> float:
        return self.cpu / self.saves


def ours(season: Path, count: int, league: str, jobs: int) -> Ours:
    """check-save over `season` (a folder of `count` saves, or one save) in a fresh process; exit 2 (a save it could
    not judge) stops the bench."""
    cmd = [sys.executable, "-m", "compiler", "check-save", str(season), "--league", league, "--jobs", str(jobs)]
    env = child_environment()
    env["PYTHONPATH"] = f"{ROOT}:{env['PYTHONPATH']}" if env.get("PYTHONPATH") else str(ROOT)
    start, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    wall, used = time.perf_counter() - start, children_cpu() - cpu
    if done.returncode not in (0, 1):
        sys.exit(f"bench_season: check-save exit {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return Ours(count, wall, used, done.stderr.strip().splitlines()[-1])


@dataclass(frozen=True)
class Theirs:
    """One JVM loading a season's saves `passes` times: CPU and wall seconds of each pass, loads per pass, the
    process CPU before the first load, the whole JVM's CPU, and the saves it could not load."""

    passes: list[tuple[float, float]]
    loaded: int
    before_loads: float
    process_cpu: float
    failed: list[Path]

    @property
    def cpu_per_load(self) -> float:
        return sum(c for c, _ in self.passes) / (self.loaded * len(self.passes))

    @property
    def first_per_load(self) -> float:
        return self.passes[0][0] / self.loaded

    @property
    def warm_per_load(self) -> float:
        warm = self.passes[1:] or self.passes
        return sum(c for c, _ in warm) / (self.loaded * len(warm))


def parse_loads(text: str) -> tuple[list[tuple[float, float]], int, float, list[Path]]:
    """LoadSaves' output: each pass's (CPU s, wall s), the loads of a pass, the CPU before them, the failed saves."""
    passes, loaded, before, failed = [], 0, 0.0, []
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["pass"]:
            fields = dict(zip(words[2::2], words[3::2], strict=True))
            passes.append((int(fields["cpu_ns"]) / 1e9, int(fields["wall_ns"]) / 1e9))
            loaded = int(fields["loaded"])
        elif words[:2] == ["start", "cpu_ns"]:
            before = int(words[2]) / 1e9
        elif words[:1] == ["failed"]:
            failed.append(Path(line.removeprefix("failed ")))
    if not passes:
        raise ValueError(f"LoadSaves printed no pass: {text[-500:]}")
    return passes, loaded, before, failed


class Loader:
    """LoadSaves compiled against one kit (in CACHE, once per kit and source), run in a JVM of its own."""

    def __init__(self, kits: ModuleType, kit: object) -> None:
        self.kit = kit
        self.class_path = kit.class_path()  # type: ignore[attr-defined]
        [jar] = kit.folder.glob("triplea-*-oracle.jar")  # type: ignore[attr-defined]
        digest = hashlib.sha256(JAVA_SOURCE.read_bytes() + jar.read_bytes()).hexdigest()[:16]
        name = kit.name  # type: ignore[attr-defined]
        classes = kits.build_classes([JAVA_SOURCE], self.class_path, CACHE / f"loadsaves-{name}-{digest}",
                                     "LoadSaves.class", f"loadsaves-{name}-*", 180.0)
        self.cmd = ["java", *JAVA_FLAGS, "-cp", f"{classes}:{self.class_path}", "LoadSaves"]

    def run(self, saves: list[Path], passes: int) -> Theirs:
        cpu = children_cpu()
        done = subprocess.run([*self.cmd, str(passes)], input="".join(f"{s}\n" for s in saves), capture_output=True,
                              text=True)
        used = children_cpu() - cpu
        if done.returncode != 0:
            sys.exit(f"bench_season: LoadSaves exit {done.returncode}:\n{done.stderr[-2000:]}")
        runs, loaded, before, failed = parse_loads(done.stdout)
        return Theirs(runs, loaded, before, used, failed)

    def start(self) -> float:
        """CPU seconds of the JVM given no save: its start and exit."""
        return self.run([], 1).process_cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=1000, help="saves in the season")
    parser.add_argument("--jobs", type=int, default=2, help="check-save --jobs")
    parser.add_argument("--league", default="revised-championship")
    parser.add_argument("--passes", type=int, default=2, help="TripleA loads the season this many times in its JVM")
    parser.add_argument("--kits", default="latest,2.7", help="releases with an oracle kit to compare with ('' none)")
    parser.add_argument("--no-ai", action="store_true", help="leave out the AI games (no kit needed to make them)")
    args = parser.parse_args(argv)
    names = [k for k in args.kits.split(",") if k]
    kits = kits_module() if names else None
    chosen = []
    for name in names:
        kit = kits.Kit.of(name)  # type: ignore[union-attr]
        if (why := kit.missing()) is not None:
            print(f"TripleA {kit.name}: {why}; not compared", file=sys.stderr)
            continue
        chosen.append(kit)
    saves = pool(None if args.no_ai or not chosen else chosen[0])
    loaders = [Loader(kits, kit) for kit in chosen]  # type: ignore[arg-type]
    readable = {}
    for loader in loaders:
        failed = set(loader.run(saves, 1).failed)
        readable[loader.kit.name] = [s for s in saves if s not in failed]  # type: ignore[attr-defined]
    used = readable[loaders[0].kit.name] if loaders else saves  # type: ignore[attr-defined]
    for save in saves:
        size = save.stat().st_size / 1024
        mark = "" if save in used else "  (left out: TripleA cannot load it)"
        print(f"pool: {save.name} {size:.0f} KB{mark}")
    with tempfile.TemporaryDirectory(prefix="season-") as tmp:
        season = make_season(used, args.saves, Path(tmp) / "season")
        megabytes = sum(s.stat().st_size for s in season) / 1e6
        print(f"season: {len(season)} saves, {megabytes:.1f} MB, league {args.league}")
        ours(season[0], 1, args.league, 1)  # warm-up: bytecode caches
        mine = ours(Path(tmp) / "season", len(season), args.league, args.jobs)
        print(f"check-save --jobs {args.jobs}: {mine.wall:.1f} s wall, {mine.cpu:.1f} s CPU: {mine.per_second:.1f} "
              f"saves/s, {mine.cpu_per_save * 1000:.0f} ms CPU per save ({mine.summary})")
        rows = []
        for loader in loaders:
            name = loader.kit.name  # type: ignore[attr-defined]
            start = loader.start()
            loads = {r.name for r in readable[name]}
            part = [s for s in season if s.name.split("-", 1)[1] in loads]
            theirs = loader.run(part, args.passes)
            base = mine
            if len(part) != len(season):
                subset = Path(tmp) / f"part-{name}"
                for s in part:
                    target = subset / s.relative_to(Path(tmp) / "season")
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.hardlink_to(s)
                base = ours(subset, len(part), args.league, args.jobs)
            rows.append((name, len(part), start, theirs, base))
            print(f"TripleA {name}: JVM start {start:.2f} s CPU; {len(part)} saves x {args.passes} passes: "
                  + ", ".join(f"pass {i} {c:.1f} s CPU / {w:.1f} s wall" for i, (c, w) in enumerate(theirs.passes, 1)))
    if not rows:
        return 0
    print()
    print("| | saves | ours: CPU per save | TripleA: load CPU per save (all passes / first / warm) | ratio "
          "(TripleA's CPU / ours) |")
    print("|---|--:|--:|--:|--:|")
    for name, count, start, theirs, base in rows:
        ratio = theirs.cpu_per_load / base.cpu_per_save
        print(f"| TripleA {name} (JVM start {start:.2f} s) | {count} | {base.cpu_per_save * 1000:.0f} ms | "
              f"{theirs.cpu_per_load * 1000:.0f} / {theirs.first_per_load * 1000:.0f} / "
              f"{theirs.warm_per_load * 1000:.0f} ms | {ratio:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
