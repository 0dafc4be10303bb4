"""Building and running the TripleA 1.9 Java harnesses in tests/saves/java/ (at test time, in a temp dir)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

JAVA_DIR = Path(__file__).resolve().parent / "java"
ENGINE_DIR = Path("/usr/share/games/triplea/bin")
CLASSIC = Path("reference/maps/world_war_ii_classic/map/games/classic.xml")


def run_harness(name: str, jar: Path, work: Path, args: list[str], timeout: int = 400) -> None:
    """Compile tests/saves/java/NAME.java against TripleA's jar into `work` and run it with `args`.

    Java runs in the engine's folder (it reads game_engine.properties there), headless, with a
    scratch user.home so preferences and map folders stay out of the real home.
    """
    classes = work / "classes"
    subprocess.run(["javac", "-nowarn", "-cp", str(jar), "-d", str(classes), str(JAVA_DIR / f"{name}.java")],
                   check=True, capture_output=True, timeout=120)
    home = work / "home"
    home.mkdir(exist_ok=True)
    cmd = ["java", "-Djava.awt.headless=true", f"-Duser.home={home}",
           "-cp", f"{classes}{os.pathsep}{jar}", name, *args]
    done = subprocess.run(cmd, cwd=ENGINE_DIR, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
