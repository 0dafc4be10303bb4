"""Where the reference data (../shared) and the real TripleA engine are; importable by any test."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
REFERENCE = SHARED / "reference"
TRIPLEA_JAR = Path("/usr/share/games/triplea/bin/triplea.jar")


def corpus_files() -> list[Path]:
    """Every real game XML in ../shared: the corpus and the reference map folders."""
    files = sorted((REFERENCE / "corpus").glob("*.xml"))
    files += sorted((REFERENCE / "maps").glob("*/map/games/*.xml"))
    return files


def or_placeholder(paths: list[Path]) -> list[Path]:
    """`paths` to parametrize a test over, or [REFERENCE] when ../shared is missing.

    The test then still runs once and its `shared` fixture skips it with the reason (fails it in
    CI) instead of pytest's reasonless "got empty parameter set".
    """
    return paths or [REFERENCE]


def need(ok: bool, why: str) -> None:
    """Nothing when `ok`; else skip the test with `why` for a user, or fail it in CI (CI=true), where
    every resource a test needs must be there."""
    if ok:
        return
    if IN_CI:
        pytest.fail(f"{why} (required in CI)")
    pytest.skip(why)


def need_commands(*names: str) -> None:
    """Skip (fail in CI) unless every command in `names` is on PATH."""
    missing = [name for name in names if shutil.which(name) is None]
    need(not missing, f"needs {', '.join(missing)} on PATH")
