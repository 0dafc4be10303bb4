"""map.yml of a real map (world_war_ii_classic), mutated: every reason TripleA 2.7 rejects or misreads it
is reported at its line in map.yml, in map folders, single game XMLs and map zips as GitHub serves them."""
# ruff: noqa: E501  (tables of map.yml edits read better one per line)

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main

MAP = "world_war_ii_classic"
ORIGINAL = """map_name: world_war_ii_classic
games:
- {game_name: World War II Classic 3rd Edition, file_name: classic_3rd_edition.xml}
- {game_name: World War II Classic, file_name: classic.xml}
- {game_name: 'Classic: Iron Blitz 3rd Edition', file_name: iron_blitz.xml}
"""


def validate(*paths: Path) -> tuple[int, list[dict[str, object]]]:
    result = CliRunner().invoke(main, ["validate", "--format", "json", *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, json.loads(result.stdout)["problems"]


MAP_YML_CODES = {"map-yml", "map-yml-mismatch"}  # errors: TripleA rejects or cannot open; warnings: mismatches


def map_yml_problems(problems: list[dict[str, object]]) -> list[tuple[str, int, int, str]]:
    """(code, line, column, message) of the problems reported in map.yml."""
    return [(str(p["code"]), int(p["line"]), int(p["column"]), str(p["message"]))  # type: ignore[call-overload]
            for p in problems if p["code"] in MAP_YML_CODES]


@pytest.fixture()
def map_copy(shared: Path, tmp_path: Path) -> Path:
    """A copy of the real map folder (map.yml beside map/, as in its repository)."""
    folder = tmp_path / MAP
    shutil.copytree(shared / "reference" / "maps" / MAP, folder)
    assert (folder / "map.yml").read_text() == ORIGINAL
    return folder


def edit(folder: Path, old: str, new: str) -> str:
    text = (folder / "map.yml").read_text()
    assert old in text, old
    text = text.replace(old, new, 1)
    (folder / "map.yml").write_text(text)
    return text


def column_of(text: str, line: int, needle: str) -> int:
    return text.splitlines()[line - 1].index(needle) + 1


def test_reference_maps_have_no_error_and_only_the_unlisted_game_warned(shared: Path) -> None:
    maps = sorted((shared / "reference" / "maps").iterdir())
    assert len(maps) == 4
    code, problems = validate(*maps)
    assert code == 0, [p for p in problems if p["severity"] == "error"]
    found = [(p["path"], p["line"], p["message"]) for p in problems if p["code"] in MAP_YML_CODES]
    assert {p["code"] for p in problems if p["code"] in MAP_YML_CODES} == {"map-yml-mismatch"}
    # G40's map.yml lists G40_Alt_Universe.xml only: its No_Escalation variant is not offered
    assert found == [(str(shared / "reference" / "maps" / "g40_alt_universe" / "map.yml"), 2,
                      "map.yml does not list the game XML 'G40_Alt_Universe_No_Escalation.xml': TripleA 2.7 "
                      "offers only the games map.yml lists, so players cannot choose it")]


# (old text, new text, code, line, needle on that line the problem points at, words of the message)
CASES = [
    ("file_name: classic.xml", "file_name: clasic.xml", "map-yml", 4, "clasic.xml", ["'clasic.xml' is not a game XML in", "cannot open it"]),
    ("file_name: classic.xml", "file_name: Classic.xml", "map-yml", 4, "Classic.xml", ["did you mean 'classic.xml'?"]),
    ("file_name: classic.xml", "file_name: games/classic.xml", "map-yml", 4, "games/classic.xml", ["must be a bare file name"]),
    ("file_name: classic.xml", "file_name: classic.xm", "map-yml", 4, "classic.xm", ["must name a game XML", "rejects this map.yml"]),
    ("file_name: classic.xml", "file_name: ''", "map-yml", 4, "''", ["'file_name' is blank"]),
    ("game_name: World War II Classic,", "game_name: 1941,", "map-yml", 4, "1941", ["'game_name' is 1941, a number in YAML, not text"]),
    ("game_name: World War II Classic,", "name: World War II Classic,", "map-yml", 4, "{", ["this game has no 'game_name' (it has 'name', 'file_name')"]),
    ("map_name: world_war_ii_classic\n", "", "map-yml", 1, "games", ["map.yml has no 'map_name'", "rejects this map.yml"]),
    ("map_name: world_war_ii_classic", "map_name: " + "x" * 71, "map-yml", 1, "x", ["71 characters long, more than 70"]),
    ("games:\n", "games:\n- oops\n", "map-yml", 3, "oops", ["a 'games' entry must be a mapping"]),
    ("file_name: iron_blitz.xml}", "file_name: iron_blitz.xml", "map-yml", 6, "", ["invalid YAML", "rejects this map.yml"]),
    ("map_name: world_war_ii_classic", "map_name: world_war_ii_classic\nmap_name: again", "map-yml", 2, "map_name", ["key 'map_name' appears twice"]),
    ("- {game_name: 'Classic: Iron Blitz 3rd Edition', file_name: iron_blitz.xml}\n", "", "map-yml-mismatch", 2, "games", ["does not list the game XML 'iron_blitz.xml'", "cannot choose it"]),
    ("game_name: World War II Classic,", "game_name: world war ii classic 3rd edition,", "map-yml-mismatch", 4, "world war", ["game_name 'world war ii classic 3rd edition' is listed twice"]),
]


@pytest.mark.parametrize(("old", "new", "check_id", "line", "needle", "words"), CASES, ids=[f"{i}-{c[2]}" for i, c in enumerate(CASES)])
def test_mutated_map_yml_is_reported_in_map_yml(map_copy: Path, old: str, new: str, check_id: str, line: int,
                                                 needle: str, words: list[str]) -> None:
    text = edit(map_copy, old, new)
    code, problems = validate(map_copy)
    found = [p for p in map_yml_problems(problems) if p[0] == check_id and p[1] == line]
    assert found, map_yml_problems(problems)
    if needle:
        assert column_of(text, line, needle) in {p[2] for p in found}, found
    assert any(all(w in p[3] for w in words) for p in found), found
    assert all(p["path"] == str(map_copy / "map.yml") for p in problems if p["code"] in MAP_YML_CODES)
    severities = {p["severity"] for p in problems if p["code"] == check_id}
    assert severities == {"error" if check_id == "map-yml" else "warning"}, severities
    assert code == (1 if check_id == "map-yml" else 0)


def test_original_map_yml_is_clean(map_copy: Path) -> None:
    code, problems = validate(map_copy)
    assert code == 0 and map_yml_problems(problems) == []


def test_a_single_game_xml_is_checked_against_its_map_yml(map_copy: Path) -> None:
    """As pre-commit passes it: one changed XML; the other entries are still resolved."""
    edit(map_copy, "game_name: World War II Classic,", "game_name: WW2 Classic,")
    edit(map_copy, "file_name: iron_blitz.xml", "file_name: iron_blits.xml")
    code, problems = validate(map_copy / "map" / "games" / "classic.xml")
    messages = [p[3] for p in map_yml_problems(problems)]
    assert code == 1
    assert not any("WW2 Classic" in m for m in messages)  # map.yml's game_name is the one TripleA shows
    assert any("'iron_blits.xml' is not a game XML" in m for m in messages)
    assert not any("does not list" in m for m in messages)  # iron_blitz.xml itself was not validated


def test_map_yml_beside_games_is_found(map_copy: Path) -> None:
    (map_copy / "map.yml").rename(map_copy / "map" / "map.yml")
    edit(map_copy / "map", "file_name: classic.xml", "file_name: clasic.xml")
    code, problems = validate(map_copy)
    found = map_yml_problems(problems)
    assert code == 1 and ("map-yml", 4) in {p[:2] for p in found}
    assert {p["path"] for p in problems if p["code"] in MAP_YML_CODES} == {str(map_copy / "map" / "map.yml")}


def test_problems_of_map_yml_are_reported_once_per_map(map_copy: Path) -> None:
    edit(map_copy, "map_name: world_war_ii_classic", "map_name: [oops")
    code, problems = validate(map_copy)
    assert code == 1
    assert len(map_yml_problems(problems)) == 1  # three games share the map.yml


def test_a_map_without_map_yml_gets_no_map_yml_problem(map_copy: Path) -> None:
    """TripleA 2.7 generates map.yml when it installs a map without one."""
    (map_copy / "map.yml").unlink()
    code, problems = validate(map_copy)
    assert code == 0 and map_yml_problems(problems) == []


def _github_zip(folder: Path, archive: Path) -> Path:
    """The zip GitHub serves for a map repository: every file under `<repo>-master/`."""
    with zipfile.ZipFile(archive, "w") as zf:
        for f in sorted(folder.rglob("*")):
            if f.is_file():
                zf.write(f, f"{folder.name}-master/{f.relative_to(folder).as_posix()}")
    return archive


def test_map_zip_as_github_serves_it(map_copy: Path, tmp_path: Path) -> None:
    archive = _github_zip(map_copy, tmp_path / f"{MAP}.zip")
    code, problems = validate(archive)
    assert code == 0 and map_yml_problems(problems) == []
    text = edit(map_copy, "file_name: classic.xml", "file_name: clasic.xml")
    archive = _github_zip(map_copy, tmp_path / f"{MAP}-broken.zip")
    code, problems = validate(archive)
    assert code == 1
    errors = [(p["path"], p["line"], p["column"]) for p in problems if p["code"] == "map-yml" and p["severity"] == "error"]
    assert errors == [(f"{archive}!/{MAP}-master/map.yml", 4, column_of(text, 4, "clasic.xml"))]


def _drop_info_name(game: Path) -> None:
    text = game.read_text()
    start = text.index("<info ")
    name = text.index("name=", start)
    end = text.index('"', text.index('"', name) + 1)
    game.write_text(text[:name] + text[end + 1:])


def test_a_game_without_info_name_is_named_by_its_map_yml(map_copy: Path, tmp_path: Path) -> None:
    """TripleA 2.6+ takes the game's name from the map.yml above the XML (GameParser.parse), so <info> without
    a name is no error there; TripleA 1.9 and a game map.yml does not list still need it."""
    game = map_copy / "map" / "games" / "classic.xml"
    _drop_info_name(game)
    code, problems = validate(map_copy)
    assert code == 0, [p for p in problems if p["severity"] == "error"]
    result = CliRunner().invoke(main, ["validate", "--format", "json", "--engine", "1.9", str(game)])
    assert any(p["code"] == "missing-attribute" and p["line"] > 0
               for p in json.loads(result.stdout)["problems"]), result.stdout
    edit(map_copy, "- {game_name: World War II Classic, file_name: classic.xml}\n", "")
    code, problems = validate(map_copy)
    assert code == 1 and [p["code"] for p in problems if p["severity"] == "error"] == ["missing-attribute"]
    alone = tmp_path / "classic.xml"
    alone.write_bytes(game.read_bytes())
    code, problems = validate(alone)
    assert code == 1
