"""The public map catalogue judged by every release with an oracle kit and by us: the same verdict on every game.

../shared/reference/catalogue holds 140 repositories of the maps TripleA's download list names (211 game XMLs,
written by their authors over 15 years). For each release with a kit (2.7 and the current release), each game is
refused by TripleA (its GameParser + GameParsingValidation, run by the kit's parse.sh, and the game selector's
null-name rule) exactly when `validate --engine <release>` reports an error in the game XML. The map's text files
are judged by other tests (TripleA does not read them to load the game); its map.yml is given, as it names the game.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from reference_data import KIT_RELEASES, catalogue_games, catalogue_id, kit

from compiler.checks._map_yml import names_game
from compiler.mapfolder import GameInput, MapFiles
from compiler.mapfolder.source import MAP_YML, load_map_dir
from compiler.validate import validate_input

MIN_GAMES = 200  # the catalogue must not shrink unnoticed
WORKERS = 2  # CI has 2 cores


def _judging() -> ModuleType:
    """tests/oracle/differential/judging.py (the game selector's rule), loaded by path."""
    if "judging" not in sys.modules:
        here = Path(__file__).resolve().parent / "differential"
        sys.path.insert(0, str(here))
        spec = importlib.util.spec_from_file_location("judging", here / "judging.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["judging"] = module
        spec.loader.exec_module(module)
    return sys.modules["judging"]


def map_yml_only(path: Path) -> MapFiles | None:
    """The map of a game as far as loading it goes: only its map.yml (which gives the game its name)."""
    if path.parent.name != "games":
        return None
    files = load_map_dir(path.parent.parent)
    entry = files.get(MAP_YML)
    return replace(files, files={MAP_YML: entry}) if entry is not None else None


def _our_errors(job: tuple[list[Path], str]) -> list[tuple[str, ...]]:
    paths, release = job
    found = []
    for path in paths:
        problems, _ = validate_input(GameInput(str(path), map_files=map_yml_only(path)), release)
        found.append(tuple(f"{p.code}: {p.message}" for p in problems if p.is_error and p.location.path == str(path)))
    return found


def our_verdicts(paths: list[Path], release: str) -> dict[Path, tuple[str, ...]]:
    """Our errors in each game XML, validated in WORKERS processes."""
    chunks = [(paths[i::WORKERS], release) for i in range(WORKERS)]
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(_our_errors, chunks))
    return {path: errors for (chunk, _), part in zip(chunks, parts, strict=True)
            for path, errors in zip(chunk, part, strict=True)}


def release_verdict(path: Path, status: str, message: str) -> tuple[str, str]:
    """The release's verdict with the game selector's rule added: a game without a name is dropped, unless the
    map.yml above it names it (TripleA 2.6+ takes the name from there)."""
    if status == "OK" and _judging().selector_refuses(path.read_bytes()):
        if not names_game(map_yml_only(path), str(path)):
            return "SELECTOR", "the game selector drops a game without <info name> that no map.yml names"
    return status, message


@cache
def _judged(release: str) -> dict[Path, tuple[str, str]]:
    games = catalogue_games()
    verdicts = kit(release).judge(games)
    return {path: release_verdict(path, verdicts[path.resolve()].status, verdicts[path.resolve()].message)
            for path in games}


@pytest.fixture(scope="module")
def kit_verdicts(catalogue: Path) -> dict[str, dict[Path, tuple[str, str]]]:
    """Every release's verdicts, the kits run side by side (one JVM each)."""
    for release in KIT_RELEASES:
        kit(release)  # skip (fail in CI) before starting anything when a kit cannot run
    with ThreadPoolExecutor(len(KIT_RELEASES)) as pool:
        return dict(zip(KIT_RELEASES, pool.map(_judged, KIT_RELEASES), strict=True))


def test_the_catalogue_is_there(catalogue: Path) -> None:
    assert len(catalogue_games()) >= MIN_GAMES


@pytest.mark.parametrize("release", KIT_RELEASES)
def test_every_catalogue_game_has_the_release_verdict(kit_verdicts: dict[str, Any], release: str) -> None:
    theirs = kit_verdicts[release]
    ours = our_verdicts(sorted(theirs), release)
    refused = [p for p, (status, _) in theirs.items() if status != "OK"]
    assert len(refused) < len(theirs) / 10, f"TripleA {release} refuses {len(refused)} catalogue games: a broken kit?"
    false_errors = [p for p in theirs if theirs[p][0] == "OK" and ours[p]]
    missed = [p for p in theirs if theirs[p][0] != "OK" and not ours[p]]
    report = [f"{len(false_errors)} false errors, {len(missed)} missed of {len(theirs)} games (TripleA {release})"]
    report += [f"FALSE ERROR {catalogue_id(p)}: {ours[p][0][:300]}" for p in false_errors[:20]]
    report += [f"MISSED {catalogue_id(p)}: {theirs[p][0]} {theirs[p][1][:300]}" for p in missed[:20]]
    assert not false_errors and not missed, "\n".join(report)
