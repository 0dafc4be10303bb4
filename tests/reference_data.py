"""Where the reference data (../shared) and the real TripleA engine are; importable by any test."""

from __future__ import annotations

import fcntl
import importlib.util
import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

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


CATALOGUE = REFERENCE / "catalogue"


@cache
def catalogue_maps() -> Path | None:
    """The maps/ folder of the public map catalogue's text half (../shared/reference/catalogue: 140 map
    repositories, every game XML and text file), unpacked once by its extract.sh into a cache folder
    ($XDG_CACHE_HOME or ~/.cache); None when ../shared has no catalogue."""
    script = CATALOGUE / "extract.sh"
    if not script.is_file():
        return None
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "triplea-catalogue"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as lock:  # test workers (pytest-xdist) unpack it one at a time
        fcntl.flock(lock, fcntl.LOCK_EX)
        run = subprocess.run(["bash", str(script)], capture_output=True, text=True, check=True, timeout=600)
    return Path(run.stdout.strip().splitlines()[-1]) / "maps"


def catalogue_games() -> list[Path]:
    """Every game XML of the catalogue (maps/<repository>/.../*.xml), sorted; [] without the catalogue."""
    maps = catalogue_maps()
    return sorted(maps.rglob("*.xml")) if maps is not None else []


def catalogue_id(path: Path) -> str:
    """A catalogue game as tests name it: its path below maps/."""
    maps = catalogue_maps()
    return str(path.relative_to(maps)) if maps is not None and path.is_relative_to(maps) else str(path)


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


def kits() -> ModuleType:
    """tests/oracle/kits.py, loaded by path once (its dataclasses look their module up in sys.modules)."""
    if "kits" not in sys.modules:
        spec = importlib.util.spec_from_file_location("kits", Path(__file__).parent / "oracle" / "kits.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["kits"] = module
        spec.loader.exec_module(module)
    return sys.modules["kits"]


KIT_RELEASES = [release.name for release in kits().with_kits()]
"""the releases with an oracle kit (compiler/schemas/catalog/releases.json), newest first"""


def kit(name: str) -> Any:
    """The oracle kit of release `name` ("2.7", "latest"); skips (fails in CI) when it cannot run here."""
    found = kits().Kit.of(name)
    why = found.missing()
    need(why is None, str(why))
    return found
