"""What one run of validate computes once and shares: map shapes per polygons.txt text, the names of a map's
text files per map, near-miss suggestions per name, and the territory names of a map's other games (read
only when a check asks). Each shared answer must be the one computed afresh."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

import compiler.validate as validate
from compiler.checks import _geometry, _mapnames
from compiler.checks._unknown import _near_miss, near_miss
from compiler.checks.context import CheckContext
from compiler.mapfolder import GameInput, MapFiles
from compiler.model import game as m

POLYGONS = "A  <  (0,0) (10,0) (10,10) (0,10)  >\nB  <  (10,0) (20,0) (20,10) (10,10)  > <  (30,0) (40,0) (35,9)  >\n"
CENTERS = "A  (5,5)\nB  (15,5)\nbroken line\n"


def map_files(root: str, polygons: str = POLYGONS) -> MapFiles:
    return MapFiles(root, {"polygons.txt": (f"{root}/polygons.txt", polygons),
                           "centers.txt": (f"{root}/centers.txt", CENTERS)})


def test_maps_with_one_polygons_text_share_their_shapes_not_their_locations() -> None:
    first, second = _geometry._shapes_of(map_files("one")), _geometry._shapes_of(map_files("two"))
    assert first is not second
    assert first.areas is second.areas and first.rings is second.rings
    assert first.geometry.polygons["A"].loc.path == "one/polygons.txt"
    assert second.geometry.polygons["A"].loc.path == "two/polygons.txt"
    fresh = _geometry.territory_areas(_geometry._rings_by_territory(second.geometry))
    assert {name: area.wkb for name, area in fresh.items()} == {name: area.wkb for name, area in second.areas.items()}
    other = _geometry._shapes_of(map_files("three", POLYGONS.replace("(35,9)", "(35,19)")))
    assert other.areas is not first.areas
    assert other.areas["B"].area != first.areas["B"].area


def test_the_kept_shapes_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_geometry, "_DRAWN", {})
    monkeypatch.setattr(_geometry, "_DRAWN_CHARACTERS", 2 * len(POLYGONS))
    for i in range(4):
        _geometry._shapes_of(map_files(f"bound{i}", POLYGONS + f"C{i}  <  (0,0) (1,0) (1,1)  >\n"))
    assert 1 <= len(_geometry._DRAWN) <= 2
    assert sum(map(len, _geometry._DRAWN)) <= 2 * len(POLYGONS) + 2 * 30


def context(files: MapFiles) -> CheckContext:
    return CheckContext(m.GameModel(info=m.Info(name="g")), engine="2.7", map_files=files)


def test_a_maps_names_are_read_once_per_map_and_located_in_its_own_files() -> None:
    names, problems = _mapnames.map_names(context(map_files("left")))
    again = _mapnames.map_names(context(map_files("left")))
    assert again == (names, problems) and again[0] is names
    assert [n.name for n in names["centers.txt"]] == ["A", "B"]
    assert [p.location.path for p in problems] == ["left/centers.txt"]
    elsewhere = _mapnames.map_names(context(map_files("right")))
    assert [p.location.path for p in elsewhere[1]] == ["right/centers.txt"]


def test_near_miss_answers_as_computed_afresh() -> None:
    rng = random.Random(7)
    known = {"".join(rng.choices(string.ascii_letters + " ", k=rng.randrange(4, 30))) for _ in range(60)}
    known |= {"Max Factories Per Territory", "WW2V3", "Always on AA"}
    names = [*rng.sample(sorted(known), 10), "max factories per territory", "WW2V2", "Always on AB", "zzz"]
    for name in names:
        assert near_miss(name, known) == _near_miss.__wrapped__(name, frozenset(known))
    assert near_miss("max factories per territory", known) == "Max Factories Per Territory"
    assert near_miss("WW2V2", known) is None


GAME = '<?xml version="1.0"?><game><info name="g"/><map>{}</map></game>'


def test_sibling_names_are_read_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = map_files(str(tmp_path))
    inputs = []
    for game, names in (("a.xml", ["A"]), ("b.xml", ["B", "C"])):
        (tmp_path / game).write_text(GAME.format("".join(f'<territory name="{n}"/>' for n in names)))
        inputs.append(GameInput(str(tmp_path / game), map_files=files))
    reads: list[str] = []
    real = validate._territory_names
    monkeypatch.setattr(validate, "_territory_names", lambda inp: reads.append(inp.path) or real(inp))
    siblings = validate._sibling_names([*inputs, GameInput(str(tmp_path / "alone.xml"))])
    assert siblings[0] is siblings[1] and siblings[2] == frozenset()
    assert reads == []
    assert "C" in siblings[0] and "D" not in siblings[1]
    assert set(siblings[0]) == {"A", "B", "C"} and len(siblings[1]) == 3
    assert sorted(reads) == sorted(inp.path for inp in inputs)  # each game read once, for both
