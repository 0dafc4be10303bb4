"""Where the reference data (../shared) and the real TripleA engine are; importable by any test."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
REFERENCE = SHARED / "reference"
TRIPLEA_JAR = Path("/usr/share/games/triplea/bin/triplea.jar")


def corpus_files() -> list[Path]:
    """Every real game XML in ../shared: the corpus and the reference map folders."""
    files = sorted((REFERENCE / "corpus").glob("*.xml"))
    files += sorted((REFERENCE / "maps").glob("*/map/games/*.xml"))
    return files
