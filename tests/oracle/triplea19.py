"""The real TripleA 1.9 engine as a judge: parse game XMLs and play AI games through its own code.

Importable by path (no package imports needed), e.g. from a bench script::

    spec = importlib.util.spec_from_file_location("triplea19", "tests/oracle/triplea19.py")

It compiles the Java harnesses in ``java/`` against the Debian ``triplea`` jar into a cached build
folder (rebuilt when a source or the jar changes) and runs them with the engine's folder as working
directory, headless, with a throw-away ``user.home``. Every subprocess has a timeout.

Also a small command line: ``python tests/oracle/triplea19.py parse FILE...`` prints one JSON line
per file; ``play XML OUT.tsvg [ROUNDS]`` and ``start XML OUT.tsvg`` write saves.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

if str(Path(__file__).resolve().parent) not in sys.path:  # loaded by path: its sibling javac_build too
    sys.path.append(str(Path(__file__).resolve().parent))
from javac_build import JavacError, build_classes  # noqa: E402

JAR = Path("/usr/share/games/triplea/bin/triplea.jar")
ENGINE_DIR = JAR.parent
HERE = Path(__file__).resolve().parent
SOURCES = HERE / "java"
DEFAULT_BUILD = HERE / "build"
JAVA_FLAGS = ["-Djava.awt.headless=true", "-XX:+UseSerialGC"]
QUICK_START = ["-XX:TieredStopAtLevel=1"]  # parsing is short work: C1 alone starts faster
COMPILE_TIMEOUT = 180.0
PER_FILE_TIMEOUT = 60


class OracleError(RuntimeError):
    """The engine harness could not be built or run, or it failed on its input."""


class ParseOutcome(NamedTuple):
    """What TripleA 1.9's GameParser said about one file.

    (A NamedTuple, not a dataclass: this module is loaded by path without a sys.modules entry.)
    """

    path: str
    error: str | None  # None: accepted
    millis: int
    log: tuple[str, ...]  # what the engine printed while parsing (DTD complaints, causes, ...)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def message(self) -> str | None:
        """The engine's own words, without the exception class and the "MapName: <path>, " prefix."""
        return None if self.error is None else short_message(self.error, self.path)


def short_message(error: str, path: str = "") -> str:
    """Strip the GameParseException class name and the "MapName: <path>, " prefix from an error."""
    text = error.removeprefix("games.strategy.engine.data.GameParseException: ")
    if text.startswith("MapName: "):
        resolved = str(Path(path).resolve()) if path else ""
        for name in (resolved, path):
            if name and text.startswith(f"MapName: {name}, "):
                return text[len(f"MapName: {name}, "):]
        return text.removeprefix("MapName: ").split(", ", 1)[-1]
    return text


def available() -> bool:
    """True when the TripleA 1.9 jar, java and javac are all present."""
    return JAR.is_file() and shutil.which("java") is not None and shutil.which("javac") is not None


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for source in sorted(SOURCES.glob("*.java")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    stat = JAR.stat()
    digest.update(f"{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def build(workdir: Path | None = None) -> Path:
    """Compile the harnesses (once per source version) and return the folder of their classes."""
    if not available():
        raise OracleError(f"TripleA 1.9 is not installed ({JAR}) or java/javac are missing")
    workdir = Path(workdir) if workdir is not None else DEFAULT_BUILD
    classes = workdir / f"classes-{_fingerprint()}"
    try:
        return build_classes(sorted(SOURCES.glob("*.java")), str(JAR), classes, "PlayAiGame.class", "classes-*",
                             COMPILE_TIMEOUT)
    except JavacError as exc:
        raise OracleError(str(exc)) from exc


def _java(main_class: str, args: list[str], home: Path, timeout: float, stdin: str | None = None,
          flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Run one harness class in the engine folder with the given user.home."""
    command = ["java", *JAVA_FLAGS, *flags, f"-Duser.home={home}",
               "-cp", f"{build()}{os.pathsep}{JAR}", main_class, *args]
    try:
        return subprocess.run(command, cwd=ENGINE_DIR, input=stdin, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        raise OracleError(f"{main_class} took over {timeout:.0f} s") from exc


def parse_report(paths: Iterable[str | os.PathLike[str]],
                 timeout: float | None = None) -> list[ParseOutcome]:
    """Parse every file in one JVM; one outcome per path, in order (path as given)."""
    given = [os.fspath(p) for p in paths]
    if not given:
        return []
    absolute = {str(Path(p).resolve()): p for p in given}
    if any("\n" in p for p in absolute):
        raise OracleError("a path contains a line break")
    if timeout is None:
        timeout = 60.0 + 5.0 * len(given)
    with tempfile.TemporaryDirectory(prefix="triplea19-home-") as home:
        done = _java("ParseGames", ["--timeout", str(PER_FILE_TIMEOUT)], Path(home), timeout,
                     stdin="\n".join(absolute) + "\n", flags=tuple(QUICK_START))
    outcomes = []
    for line in done.stdout.splitlines():
        record = json.loads(line)
        outcomes.append(ParseOutcome(absolute.get(record["path"], record["path"]), record["error"],
                                     record["millis"], tuple(record["log"])))
    if done.returncode != 0 or len(outcomes) != len(absolute):
        raise OracleError(f"ParseGames stopped (exit {done.returncode}) after {len(outcomes)} of "
                          f"{len(absolute)} files: {done.stderr.strip()[-2000:]}")
    return outcomes


def parse_files(paths: Iterable[str | os.PathLike[str]],
                timeout: float | None = None) -> dict[str, str | None]:
    """Map each path (as given) to None when TripleA 1.9 accepts it, else the engine's error text."""
    return {outcome.path: outcome.error for outcome in parse_report(paths, timeout)}


def _run_play(args: list[str], out_path: str | os.PathLike[str], timeout: float) -> dict[str, object]:
    out = Path(out_path).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="triplea19-home-") as home:
        # The harness's own watchdog strikes first; the subprocess timeout is the backstop.
        done = _java("PlayAiGame", [*args, "--out", str(out), "--timeout", str(max(1, int(timeout)))],
                     Path(home), timeout + 30.0)
    if done.returncode != 0 or not out.is_file():
        why = {2: "bad input", 3: f"timed out after {timeout:.0f} s", 4: "the game failed"}
        said = [line.removeprefix("PlayAiGame: ") for line in done.stderr.splitlines()
                if line.startswith(("PlayAiGame:", "oracle watchdog:"))]
        detail = "\n".join(said) if said else done.stderr.strip()[-2000:]
        raise OracleError(f"PlayAiGame: {why.get(done.returncode, f'exit {done.returncode}')}: {detail}")
    summary: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    summary["out"] = out
    return summary


def play_ai_game_summary(xml: str | os.PathLike[str], rounds: int, out_path: str | os.PathLike[str],
                         timeout: float = 300.0, player_type: str = "Fast (AI)") -> dict[str, object]:
    """Like play_ai_game, but return the harness's summary: out (Path), history_rounds,
    history_nodes (counted in the saved history), ended (the game stopped by itself), millis."""
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    args = ["--xml", str(Path(xml).resolve()), "--rounds", str(rounds), "--player-type", player_type]
    return _run_play(args, out_path, timeout)


def play_ai_game(xml: str | os.PathLike[str], rounds: int, out_path: str | os.PathLike[str],
                 timeout: float = 300.0, player_type: str = "Fast (AI)") -> Path:
    """Play `rounds` rounds AI against AI in TripleA 1.9 and write the .tsvg save; returns its path."""
    out = play_ai_game_summary(xml, rounds, out_path, timeout, player_type)["out"]
    assert isinstance(out, Path)
    return out


def save_start(xml: str | os.PathLike[str], out_path: str | os.PathLike[str], timeout: float = 120.0) -> Path:
    """Parse the XML with TripleA 1.9 and save the game as it starts (no moves, no history)."""
    out = _run_play(["--xml", str(Path(xml).resolve()), "--start-only"], out_path, timeout)["out"]
    assert isinstance(out, Path)
    return out


def main(argv: list[str]) -> int:
    """Tiny command line: parse FILE... | play XML OUT [ROUNDS] | start XML OUT."""
    usage = "usage: triplea19.py parse FILE... | play XML OUT.tsvg [ROUNDS] | start XML OUT.tsvg"
    try:
        if len(argv) >= 2 and argv[0] == "parse":
            outcomes = parse_report(argv[1:])
            for outcome in outcomes:
                print(json.dumps({"path": outcome.path, "ok": outcome.ok, "error": outcome.error,
                                  "millis": outcome.millis, "log": list(outcome.log)}))
            return 0 if all(o.ok for o in outcomes) else 1
        if len(argv) in (3, 4) and argv[0] == "play":
            summary = play_ai_game_summary(argv[1], int(argv[3]) if len(argv) == 4 else 1, argv[2])
            print(json.dumps({**summary, "out": str(summary["out"])}))
            return 0
        if len(argv) == 3 and argv[0] == "start":
            print(save_start(argv[1], argv[2]))
            return 0
    except (OracleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(usage, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
