"""TripleA 2.7.15622 as a judge: the oracle kit in ../shared/reference/triplea-2.x/oracle.

``judge(paths)`` asks 2.7's own GameParser + GameParsingValidation (the kit's ``parse.sh``, one JVM
for many files) whether each game XML loads; ``ai_game(...)`` plays a repeatable all-AI game with
TripleA's Hard AI and writes a real 2.7 save (``ai-game.sh --seed N``).

Importable by path (no package imports needed), e.g. from bench/validate_vs_triplea27.py::

    spec = importlib.util.spec_from_file_location("triplea27", "tests/oracle/triplea27.py")

Command line: ``python tests/oracle/triplea27.py FILE...`` prints the verdicts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

KIT = Path(__file__).resolve().parents[3] / "shared" / "reference" / "triplea-2.x" / "oracle"
JAVA_DIR = Path(os.environ.get("JAVA_DIR", "/usr/share/java"))
# The Debian jars parse.sh and ai-game.sh put on the class path (the kit's lib/env.sh says which).
NEEDED_JARS = ("guava", "commons-io", "commons-lang3", "commons-math3", "commons-text", "jsr305",
               "slf4j-api", "slf4j-simple", "caffeine", "snakeyaml")
BATCH = 400  # files per JVM: one start (~1 s) for many small games
PARSE_TIMEOUT = 600.0
GAME_TIMEOUT = 900.0


class OracleError(RuntimeError):
    """The kit could not be run, or it printed something this harness does not understand."""


@dataclass(frozen=True)
class Verdict:
    """What 2.7 said of one file: 'OK', 'PARSE-ERROR' or 'INVALID', and the engine's message."""

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


def missing() -> str | None:
    """Why the kit cannot run here (no kit, no java, a Debian jar missing), or None when it can."""
    if not (KIT / "parse.sh").is_file():
        return f"needs the TripleA 2.7 oracle kit at {KIT} (../shared beside the project)"
    if shutil.which("java") is None:
        return "needs java (apt-get install openjdk-17-jdk-headless)"
    absent = [name for name in NEEDED_JARS if not (JAVA_DIR / f"{name}.jar").is_file()]
    if absent:
        return f"needs the oracle kit's Debian jars ({', '.join(absent)} missing; see the kit's README)"
    return None


def judge(paths: Iterable[Path | str]) -> dict[Path, Verdict]:
    """2.7's verdict on each game XML (absolute paths as keys), in batches of one JVM each."""
    files = [Path(p).resolve() for p in paths]
    verdicts: dict[Path, Verdict] = {}
    for start in range(0, len(files), BATCH):
        verdicts.update(_judge_batch(files[start:start + BATCH]))
    return verdicts


def _judge_batch(files: list[Path]) -> dict[Path, Verdict]:
    if not files:
        return {}
    run = subprocess.run([str(KIT / "parse.sh"), *map(str, files)], capture_output=True, text=True,
                         timeout=PARSE_TIMEOUT, check=False)
    if run.returncode not in (0, 1):
        raise OracleError(f"parse.sh exit {run.returncode}: {run.stderr.strip()[-2000:]}")
    verdicts: dict[Path, Verdict] = {}
    for line in run.stdout.splitlines():
        status, _, rest = line.partition("\t")
        path, _, message = rest.partition("\t")
        if status not in ("OK", "PARSE-ERROR", "INVALID"):
            raise OracleError(f"unexpected parse.sh line: {line[:300]}")
        verdicts[Path(path).resolve()] = Verdict(status, message)
    lost = [f for f in files if f not in verdicts]
    if lost:
        raise OracleError(f"parse.sh gave no verdict for {len(lost)} file(s), e.g. {lost[0]}: {run.stderr[-1000:]}")
    return verdicts


def ai_game(xml: Path, rounds: int, out: Path, seed: int) -> AiGame:
    """Play `xml` for `rounds` rounds with TripleA 2.7's Hard AI for every player (dice and AI seeded
    with `seed`: the same save every run on the same JDK) and save the game to `out`."""
    run = subprocess.run([str(KIT / "ai-game.sh"), str(xml), str(rounds), str(out), "--seed", str(seed)],
                         capture_output=True, text=True, timeout=GAME_TIMEOUT, check=False)
    if run.returncode != 0:
        raise OracleError(f"ai-game.sh exit {run.returncode} on {xml}: {(run.stderr or run.stdout).strip()[-2000:]}")
    fields: dict[str, str] = {}
    owners: dict[int, dict[str, int]] = {}
    for line in run.stdout.splitlines():
        key, _, rest = line.partition("\t")
        if key == "ROUND":
            number, _, counts = rest.partition("\t")
            owners[int(number)] = {k: int(v) for k, v in (c.split("=", 1) for c in counts.split())}
        else:
            fields[key] = rest
    try:
        winners = fields["WINNERS"]
        return AiGame(
            rounds_played=int(fields["ROUNDS-PLAYED"]),
            game_over=fields["GAME-OVER"] == "yes",
            winners=() if winners == "-" else tuple(winners.split(",")),
            save=Path(fields["SAVED"].split("\t")[0]),
            seconds=float(fields["SECONDS"]),
            owners_per_round=owners,
        )
    except (KeyError, ValueError) as exc:
        raise OracleError(f"unexpected ai-game.sh output ({exc}): {run.stdout[-2000:]}") from None


if __name__ == "__main__":
    why = missing()
    if why:
        sys.exit(f"triplea27: {why}")
    for file, verdict in judge(sys.argv[1:]).items():
        print(f"{verdict.status}\t{file}\t{verdict.message}")
