"""The TripleA oracle kits in ../shared/reference as judges: each kit is one release built from its source.

A kit's ``parse.sh`` judges game XMLs exactly as that release does when a game is selected (its GameParser and
GameParsingValidation, one JVM for many files); ``Kit.read_games`` does the same with our own Java program
(kitjava/ReadGames.java, compiled against the kit into build/ on first use) and also says what TripleA built
from each game (its territories, players, steps, attachments, properties, ...); ``ai-game.sh --seed N`` plays
an all-AI game with the release's Hard AI and writes a real save of that release. Which release has which kit
is the release registry's business (compiler/schemas/catalog/releases.json, a release's ``kit``):
``Kit.of("2.7")``, ``Kit.of("latest")`` (the newest release, the one players run), or ``with_kits()`` for every
one.

Importable by path (no package imports besides ``compiler.engines``), e.g. from bench/bench_validate.py.
Command line: ``python tests/oracle/kits.py [--release 2026-08] FILE...`` prints the verdicts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from compiler import engines

if str(Path(__file__).resolve().parent) not in sys.path:  # loaded by path: its siblings javac_build and kit_cache too
    sys.path.append(str(Path(__file__).resolve().parent))
import kit_cache  # noqa: E402
from javac_build import JavacError, build_classes  # noqa: E402

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
JAVA_DIR = Path(os.environ.get("JAVA_DIR", "/usr/share/java"))
# The Debian jars parse.sh and ai-game.sh put on the class path (a kit's lib/env.sh says which).
NEEDED_JARS = ("guava", "commons-io", "commons-lang3", "commons-math3", "commons-text", "jsr305",
               "slf4j-api", "slf4j-simple", "caffeine", "snakeyaml")
BATCH = 4000  # files per JVM: one start (~1 s) and one JIT warm-up for many games (6,969 mutants: 94 s at 400, 41 s)
PARSE_TIMEOUT = 600.0
GAME_TIMEOUT = 900.0
KIT_JAVA = Path(__file__).resolve().parent / "kitjava"  # our Java programs run against a kit (ReadGames)
BUILD = Path(__file__).resolve().parent / "build"  # git-ignored: their classes, one folder per kit and version
COMPILE_TIMEOUT = 180.0
# ReadGames: parsing is short work per file; C1 alone costs less CPU than C1 + C2 (the 270 catalogue and corpus
# games: 26 s against 36 s)
READ_FLAGS = ("-Xmx2g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true",
              "-Dorg.slf4j.simpleLogger.defaultLogLevel=off")
# parse.sh's JVM (its JAVA_OPTS; parse.sh's own default is -Xmx2g): the same reasoning, the same verdicts (the
# differential suite's 3,502 mutants of one kit: 39.9 s of CPU with parse.sh's default flags, 30.4 s with these)
JUDGE_JAVA_OPTS = "-Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1"


class OracleError(RuntimeError):
    """The kit could not be run, or it printed something this harness does not understand."""


@dataclass(frozen=True)
class Verdict:
    """What the release said of one file: 'OK', 'PARSE-ERROR' or 'INVALID', and the engine's message."""

    status: str
    message: str = ""

    @property
    def loads(self) -> bool:
        return self.status == "OK"


@dataclass(frozen=True)
class AiGame:
    """The outcome of ``ai-game.sh``: rounds played, whether a victory ended it, the winners, the save."""

    rounds_played: int
    game_over: bool
    winners: tuple[str, ...]
    save: Path
    seconds: float
    owners_per_round: dict[int, dict[str, int]]


def kit_folders() -> list[Path]:
    """Every oracle kit in ../shared/reference (triplea-*/oracle with a parse.sh), whatever the registry says."""
    return sorted(p.parent for p in REFERENCE.glob("triplea-*/oracle/parse.sh"))


def jar_version(folder: Path) -> str:
    """The version the kit's jar says it is (META-INF/triplea/product.properties, as the release writes it)."""
    [jar] = folder.glob("triplea-*-oracle.jar")
    with zipfile.ZipFile(jar) as archive:
        text = archive.read("META-INF/triplea/product.properties").decode("utf-8")
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "version":
            return value.strip()
    raise OracleError(f"{jar}: product.properties has no version")


@dataclass(frozen=True)
class Kit:
    """One release's oracle kit."""

    release: engines.Release
    folder: Path

    OracleError = OracleError

    @classmethod
    def of(cls, name: str) -> Kit:
        """The kit of the release an engine name means (ValueError when that release has no kit)."""
        release = engines.resolve(name)
        if release.kit is None:
            raise ValueError(f"TripleA {release.name} has no oracle kit")
        return cls(release, REFERENCE / release.kit / "oracle")

    @property
    def name(self) -> str:
        return self.release.name

    def missing(self) -> str | None:
        """Why the kit cannot run here (no kit, no java, a Debian jar missing), or None when it can."""
        if not (self.folder / "parse.sh").is_file():
            return f"needs the TripleA {self.name} oracle kit at {self.folder} (../shared beside the project)"
        if shutil.which("java") is None:
            return "needs java (apt-get install openjdk-17-jdk-headless)"
        absent = [name for name in NEEDED_JARS if not (JAVA_DIR / f"{name}.jar").is_file()]
        if absent:
            return f"needs the oracle kit's Debian jars ({', '.join(absent)} missing; see the kit's README)"
        return None

    def judge(self, paths: Iterable[Path | str]) -> dict[Path, Verdict]:
        """The release's verdict on each game XML (absolute paths as keys), in batches of one JVM each."""
        files = [Path(p).resolve() for p in paths]
        verdicts: dict[Path, Verdict] = {}
        for start in range(0, len(files), BATCH):
            verdicts.update(self._judge_batch(files[start:start + BATCH]))
        return verdicts

    def _judge_batch(self, files: list[Path]) -> dict[Path, Verdict]:
        if not files:
            return {}
        env = {**os.environ, "JAVA_OPTS": os.environ.get("JAVA_OPTS", JUDGE_JAVA_OPTS)}
        run = subprocess.run([str(self.folder / "parse.sh"), *map(str, files)], capture_output=True, text=True,
                             timeout=PARSE_TIMEOUT, check=False, env=env)
        if run.returncode not in (0, 1):
            raise OracleError(f"{self.name} parse.sh exit {run.returncode}: {run.stderr.strip()[-2000:]}")
        verdicts: dict[Path, Verdict] = {}
        for line in run.stdout.splitlines():
            status, _, rest = line.partition("\t")
            path, _, message = rest.partition("\t")
            if status not in ("OK", "PARSE-ERROR", "INVALID"):
                raise OracleError(f"unexpected {self.name} parse.sh line: {line[:300]}")
            verdicts[Path(path).resolve()] = Verdict(status, message)
        lost = [f for f in files if f not in verdicts]
        if lost:
            raise OracleError(f"{self.name} parse.sh gave no verdict for {len(lost)} file(s), e.g. {lost[0]}: "
                              f"{run.stderr[-1000:]}")
        return verdicts

    def read_games(self, paths: Iterable[Path | str]) -> GameReading:
        """Start reading each game XML with the release's GameParser and GameParsingValidation in one JVM, as
        parse.sh does, printing what TripleA built (kitjava/ReadGames.java); `.result()` waits for it."""
        files = [Path(p).resolve() for p in paths]
        if any("\n" in str(f) for f in files):
            raise OracleError("a path contains a line break")
        listing = tempfile.TemporaryFile("w+", encoding="utf-8")
        listing.write("".join(f"{f}\n" for f in files))
        listing.seek(0)
        out = tempfile.TemporaryFile("w+", encoding="utf-8")
        process = subprocess.Popen(["java", *READ_FLAGS, "-cp", f"{self._read_games_classes()}:{self.class_path()}",
                                    "ReadGames"], stdin=listing, stdout=out, stderr=subprocess.PIPE, text=True)
        return GameReading(self.name, files, process, out, listing)

    def class_path(self) -> str:
        """The run class path the kit's scripts use (RUN_CP of its lib/env.sh: its jar and the Debian jars)."""
        run = subprocess.run(["bash", "-c", '. "$1" && printf %s "$RUN_CP"', "env.sh", str(self.folder / "lib/env.sh")],
                             capture_output=True, text=True, timeout=60, check=False)
        if run.returncode != 0 or not run.stdout:
            raise OracleError(f"{self.name} lib/env.sh: {run.stderr.strip()[-1000:]}")
        return run.stdout

    def _read_games_classes(self) -> Path:
        """kitjava/*.java compiled against the kit, in build/kitjava-<release>-<hash of the sources and the jar>."""
        return self.compiled(sorted(KIT_JAVA.glob("*.java")), "ReadGames", "kitjava")

    def compiled(self, sources: Sequence[Path], main: str, label: str) -> Path:
        """Our Java `sources` (with class `main`) compiled against the kit once, in
        build/<label>-<release>-<hash of the sources and the jar> (other versions of that label removed)."""
        [jar] = self.folder.glob("triplea-*-oracle.jar")
        digest = hashlib.sha256(jar.read_bytes())
        for source in sources:
            digest.update(source.name.encode() + source.read_bytes())
        classes = BUILD / f"{label}-{self.name}-{digest.hexdigest()[:16]}"
        try:
            return build_classes(sources, self.class_path(), classes, f"{main}.class", f"{label}-{self.name}-*",
                                 COMPILE_TIMEOUT)
        except JavacError as exc:
            raise OracleError(f"{self.name} kit: {exc}") from exc

    def ai_game(self, xml: Path, rounds: int, out: Path, seed: int) -> AiGame:
        """Play `xml` for `rounds` rounds with the release's Hard AI for every player (dice and AI seeded with
        `seed`: most games repeat exactly, not all; see the kit's README) and save the game to `out`.

        The game is played once for its inputs (kit_cache.py: the kit, the JVM, the XML's bytes, rounds, seed):
        a game played before, in this run or an earlier one, is that game's save copied to `out`."""
        cached = kit_cache.entry("ai-games", self._ai_game_key(xml, rounds, seed),
                                 lambda folder: self._play_into(xml, rounds, seed, folder))
        if cached is None:
            return self._parse_ai_game(self._play(xml, rounds, out, seed), out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cached / "game.tsvg", out)
        return self._parse_ai_game((cached / "stdout.txt").read_text(encoding="utf-8"), out)

    def _ai_game_key(self, xml: Path, rounds: int, seed: int) -> str:
        """What an AI game depends on: the kit's jar and scripts, the JVM and the jars of the class path, the
        settings ai-game.sh reads from the environment, the game's bytes, the rounds and the seed."""
        class_path = self.class_path()
        jars = [Path(j) for j in class_path.split(":") if j]
        java = Path(shutil.which("java") or "java").resolve()
        jvm = [j for j in (java.parent.parent / "lib" / "server" / "libjvm.so",) if j.is_file()]  # JDK updates
        settings = [f"{name}={os.environ.get(name, '')}" for name in ("JAVA_OPTS", "LOG_LEVEL", "JAVA_DIR")]
        return kit_cache.key([self.name, str(java), class_path, *settings, f"rounds={rounds}", f"seed={seed}"],
                             [self.folder / "ai-game.sh", self.folder / "lib" / "env.sh", *jars, java, *jvm, xml])

    def _play(self, xml: Path, rounds: int, out: Path, seed: int) -> str:
        """ai-game.sh's output (OracleError when it fails)."""
        run = subprocess.run([str(self.folder / "ai-game.sh"), str(xml), str(rounds), str(out), "--seed", str(seed)],
                             capture_output=True, text=True, timeout=GAME_TIMEOUT, check=False)
        if run.returncode != 0:
            raise OracleError(f"{self.name} ai-game.sh exit {run.returncode} on {xml}: "
                              f"{(run.stderr or run.stdout).strip()[-2000:]}")
        return run.stdout

    def _play_into(self, xml: Path, rounds: int, seed: int, folder: Path) -> None:
        """A cache entry: the game's save (game.tsvg) and what ai-game.sh printed (stdout.txt), once it parses."""
        stdout = self._play(xml, rounds, folder / "game.tsvg", seed)
        self._parse_ai_game(stdout, folder / "game.tsvg")
        (folder / "stdout.txt").write_text(stdout, encoding="utf-8")

    def _parse_ai_game(self, stdout: str, out: Path) -> AiGame:
        """ai-game.sh's report, its save being at `out`."""
        fields: dict[str, str] = {}
        owners: dict[int, dict[str, int]] = {}
        for line in stdout.splitlines():
            key, _, rest = line.partition("\t")
            if key == "ROUND":
                number, _, counts = rest.partition("\t")
                owners[int(number)] = {k: int(v) for k, v in (c.split("=", 1) for c in counts.split())}
            else:
                fields[key] = rest
        try:
            winners = fields["WINNERS"]
            if "SAVED" not in fields:  # SAVE-FAILED instead
                raise KeyError("SAVED")
            return AiGame(
                rounds_played=int(fields["ROUNDS-PLAYED"]),
                game_over=fields["GAME-OVER"] == "yes",
                winners=() if winners == "-" else tuple(winners.split(",")),
                save=out.absolute(),
                seconds=float(fields["SECONDS"]),
                owners_per_round=owners,
            )
        except (KeyError, ValueError) as exc:
            raise OracleError(f"unexpected {self.name} ai-game.sh output ({exc}): {stdout[-2000:]}") from None


class GameReading:
    """A running Kit.read_games: one JVM reading many games; `result()` waits for it (at most PARSE_TIMEOUT)."""

    def __init__(self, release: str, files: list[Path], process: subprocess.Popen[str], out: IO[str],
                 listing: IO[str]) -> None:
        self.release, self.files, self.process, self.out, self.listing = release, files, process, out, listing

    def result(self) -> dict[Path, dict[str, Any]]:
        """Each file's line as ReadGames prints it (path, status, message and, read, what TripleA built), by path."""
        try:
            _, errors = self.process.communicate(timeout=PARSE_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
            raise OracleError(f"{self.release} ReadGames took over {PARSE_TIMEOUT:.0f} s") from None
        finally:
            self.listing.close()
        self.out.seek(0)
        with self.out:
            read = {Path(view["path"]): view for view in map(json.loads, self.out)}
        if self.process.returncode != 0 or len(read) != len(set(self.files)):
            raise OracleError(f"{self.release} ReadGames stopped (exit {self.process.returncode}) after {len(read)} of "
                              f"{len(set(self.files))} files: {errors.strip()[-2000:]}")
        return read

    def stop(self) -> None:
        """Stop the JVM if it still runs (a reading nobody will wait for)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        self.listing.close()
        self.out.close()


def with_kits() -> list[engines.Release]:
    """Every release the registry gives a kit, newest first."""
    return [r for r in engines.releases() if r.kit is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A TripleA release's verdict on game XMLs (its oracle kit).")
    parser.add_argument("--release", default=engines.LATEST, help="an engine name with a kit (default: latest)")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    kit = Kit.of(args.release)
    why = kit.missing()
    if why:
        sys.exit(f"kits: {why}")
    for file, verdict in kit.judge(args.files).items():
        print(f"{verdict.status}\t{file}\t{verdict.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
