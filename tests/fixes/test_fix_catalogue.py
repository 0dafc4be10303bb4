"""`validate --fix --unsafe-fixes` over every game XML of the public map catalogue, in memory: only the fixed byte
ranges change, validating again finds fewer problems and none new, and every fixed game still loads in each
release with an oracle kit (one parse.sh JVM per kit for all the games, fixed and as written).

Cost is kept down: each game is parsed once and only the checks that have a fixer run on it, with its map's files
(map.yml, map.properties, the territory files but polygons.txt), to find the fixes (all 211 games: ~40 s of CPU);
the fixes of map files are applied once per file and checked byte for byte (a fixed map.yml must list more games,
those before as they were); the byte check covers every fixed game, while the full re-validation and the oracle judge
the SAMPLE smallest fixed games that hold every kind of fix (all 107 fixed games: 37 s of CPU to re-validate and
~70 s of JVM CPU to judge, measured once and reported in docs/commands.md).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import pytest
from reference_data import KIT_RELEASES, catalogue_games, catalogue_id, kit

from compiler.checks import CHECKS, CheckContext
from compiler.config import DEFAULT_ENGINE
from compiler.fixes.apply import apply_edits, choose
from compiler.fixes.find import fixes_for
from compiler.fixes.model import Fix
from compiler.fixes.registry import FIXERS
from compiler.mapfolder import GameInput
from compiler.mapfolder.map_yml import read_map_yml
from compiler.mapfolder.source import MapFiles, load_map_dir
from compiler.problems import InputError, Problem
from compiler.validate import SiblingNames, check_parsed
from compiler.xml.parse import parse_bytes

MIN_GAMES = 200  # the catalogue must not shrink unnoticed
MIN_FIXED = 20  # games the fixes change (the fixers must keep finding their bytes)
SAMPLE = 30  # fixed games validated again in full and judged by the oracle kits
_LINES = re.compile(r"\b(?:line|lines) [\d, and]+(?: more lines)?")


@dataclass
class FixedGame:
    path: Path
    before: bytes
    after: bytes
    fixes: list[Fix]
    """the fixes of the game XML"""
    of_map: list[Fix] = field(default_factory=list)
    """the fixes of its map's files (map.yml, map.properties)"""


@cache
def _map_files(map_dir: Path) -> tuple[MapFiles, SiblingNames] | None:
    """A map folder's files but polygons.txt (reading its points is most of the cost, and no catalogue map misspells
    a territory there), and the territories of all its games (read when a check asks, as validate does)."""
    try:
        files = load_map_dir(map_dir)
    except InputError:
        return None
    files = replace(files, files={name: text for name, text in files.files.items() if name != "polygons.txt"})
    return files, SiblingNames([GameInput(game, map_files=files) for game in files.games])


def _fixable_problems(data: bytes, path: Path) -> list[Problem]:
    """The problems of the checks that have a fixer (the others cannot lead to a fix), its map's files read."""
    try:
        result = parse_bytes(data, str(path))
    except InputError:
        return []
    of_map = _map_files(path.parent.parent) if path.parent.name == "games" else None
    files, siblings = of_map if of_map is not None else (None, frozenset[str]())
    ctx = CheckContext(result.model, engine=DEFAULT_ENGINE, root=result.root, map_files=files, map_names=siblings)
    return [p for code, module in CHECKS.items() if code in FIXERS for p in module.check(ctx)]


def _fix(path: Path) -> FixedGame | None:
    data = path.read_bytes()
    problems = _fixable_problems(data, path)
    chosen, _ = choose(fixes_for(problems, lambda p: data if p == str(path) else Path(p).read_bytes()), unsafe=True)
    of_game = [fix for fix in chosen if all(edit.path == str(path) for edit in fix.edits)]
    of_map = [fix for fix in chosen if all(edit.path != str(path) for edit in fix.edits)]
    assert len(of_game) + len(of_map) == len(chosen), catalogue_id(path)  # no fix edits a game and its map
    if not chosen:
        return None
    edits = [edit for fix in of_game for edit in fix.edits]
    return FixedGame(path, data, apply_edits(data, list(dict.fromkeys(edits))), of_game, of_map)


@pytest.fixture(scope="module")
def fixed_everything(catalogue: Path) -> list[FixedGame]:
    games = catalogue_games()
    assert len(games) >= MIN_GAMES
    return [game for game in map(_fix, games) if game is not None]


@pytest.fixture(scope="module")
def fixed_games(fixed_everything: list[FixedGame]) -> list[FixedGame]:
    fixed = [game for game in fixed_everything if game.fixes]
    assert len(fixed) >= MIN_FIXED
    return fixed


@pytest.fixture(scope="module")
def fixed_map_files(fixed_everything: list[FixedGame]) -> list[FixedGame]:
    """Each map file the fixes change (all its fixes applied once, whichever game's problems found them)."""
    fixes: dict[str, dict[Fix, None]] = {}
    for game in fixed_everything:
        for fix in game.of_map:
            fixes.setdefault(fix.edits[0].path, {})[fix] = None
    chosen = {path: choose(found, unsafe=True)[0] for path, found in fixes.items()}
    assert any(path.endswith("map.yml") for path in chosen)  # the map.yml fixer keeps finding its bytes
    out = []
    for path, of_file in chosen.items():
        before = Path(path).read_bytes()
        edits = list(dict.fromkeys(edit for fix in of_file for edit in fix.edits))
        out.append(FixedGame(Path(path), before, apply_edits(before, edits), of_file))
    return out


@pytest.fixture(scope="module")
def sample(fixed_games: list[FixedGame]) -> list[FixedGame]:
    """The SAMPLE smallest fixed games, and the smallest of each kind of fix they lack."""
    by_size = sorted(fixed_games, key=lambda game: len(game.before))
    chosen = by_size[:SAMPLE]
    for code in sorted({fix.code for game in fixed_games for fix in game.fixes}):
        if not any(fix.code == code for game in chosen for fix in game.fixes):
            chosen.append(next(game for game in by_size if any(fix.code == code for fix in game.fixes)))
    return chosen


def test_fixes_change_only_their_bytes(fixed_games: list[FixedGame]) -> None:
    for game in fixed_games:
        _unchanged_outside_edits(game)


def test_map_files_change_only_their_bytes_and_map_yml_lists_more_games(fixed_map_files: list[FixedGame]) -> None:
    for file in fixed_map_files:
        _unchanged_outside_edits(file)
        if file.path.name == "map.yml":
            before, _ = read_map_yml(str(file.path), file.before.decode("utf-8"))
            after, problems = read_map_yml(str(file.path), file.after.decode("utf-8"))
            assert before is not None and after is not None and not problems, catalogue_id(file.path)
            assert after.games[:len(before.games)] == before.games and len(after.games) > len(before.games)


def _unchanged_outside_edits(game: FixedGame) -> None:
    """The fixed bytes are the original ones with exactly the edits' ranges replaced, nothing else moved."""
    at, out = 0, 0
    for edit in sorted({e for fix in game.fixes for e in fix.edits}, key=lambda e: e.start):
        kept = edit.start - at
        assert game.after[out:out + kept] == game.before[at:edit.start]
        out += kept
        assert game.after[out:out + len(edit.text)] == edit.text
        out += len(edit.text)
        at = edit.end
    assert game.after[out:] == game.before[at:]


def _shape(problems: list[Problem]) -> Counter[tuple[str, str]]:
    """Problems without their lines (removing a line moves the ones after it)."""
    return Counter((p.code, _LINES.sub("line N", p.message)) for p in problems)


def test_fixed_games_have_fewer_problems_and_none_new(sample: list[FixedGame]) -> None:
    for game in sample:
        name = str(game.path)
        before = check_parsed(parse_bytes(game.before, name), game.before, name, DEFAULT_ENGINE)
        after = check_parsed(parse_bytes(game.after, name), game.after, name, DEFAULT_ENGINE)
        assert len(after) < len(before), catalogue_id(game.path)
        new = {shape for shape in _shape(after) if shape[0] not in FIXERS} - set(_shape(before))
        assert not new, (catalogue_id(game.path), new)
        fixed_codes = Counter(p.code for p in after if p.code in FIXERS)
        assert all(fixed_codes[code] <= count for code, count in Counter(p.code for p in before).items()), \
            catalogue_id(game.path)


@pytest.mark.parametrize("release", KIT_RELEASES)
def test_fixed_games_load_in_triplea(release: str, sample: list[FixedGame], tmp_path: Path) -> None:
    """Each release loads every fixed game it loaded as written (one JVM for both versions of all games)."""
    judge = kit(release)
    pairs = []
    for i, game in enumerate(sample):
        folder = tmp_path / str(i)
        folder.mkdir()
        fixed = folder / game.path.name
        fixed.write_bytes(game.after)
        pairs.append((game.path.resolve(), fixed.resolve()))
    verdicts = judge.judge([p for pair in pairs for p in pair])
    lost = [catalogue_id(original) for original, fixed in pairs
            if verdicts[original].loads and not verdicts[fixed].loads]
    assert not lost, lost
