"""`compile --into`: a project spec installed into a copy of its real map, as TripleA's downloaded maps hold it.

The folder given is the downloaded-maps folder itself (two maps: the install picks the spec's map by its
map_name, as TripleA finds maps). The map's author has lines of their own in map.yml and in
notifications.properties (one of the game's two victory messages written already): they survive byte for
byte, the folder validates without errors, a second install changes no byte, and the current TripleA
release parses the installed XML and offers the game, at that XML, in its list of installed games.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "diberardino_classic.yaml"
GAME_NAME = "DiBerardino Classic"
XML_NAME = "diberardino_classic.xml"
AUTHOR_TAIL = "\n# kept in step with the map's repository\nversion: 3\n"
AUTHOR_TEXTS = "# Victory messages\r\nAXIS_VICTORY=<b>The Axis rule the world.</b>"  # no line break at the end
JAVA = Path(__file__).resolve().parent / "java" / "InstalledGames.java"


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, shared: Path) -> dict[str, Any]:
    maps = tmp_path_factory.mktemp("install") / "downloadedMaps"
    classic = maps / "world_war_ii_classic"
    shutil.copytree(shared / "reference" / "maps" / "world_war_ii_classic", classic)
    other = maps / "empire"  # another map of the folder (its map.yml and polygons.txt are enough to list it)
    (other / "map").mkdir(parents=True)
    shutil.copy(shared / "reference" / "maps" / "empire" / "map.yml", other)
    shutil.copy(shared / "reference" / "maps" / "empire" / "map" / "polygons.txt", other / "map")
    map_yml = classic / "map.yml"
    map_yml.write_bytes(map_yml.read_bytes() + AUTHOR_TAIL.encode())
    (classic / "map" / "notifications.properties").write_bytes(AUTHOR_TEXTS.encode())
    before = _snapshot(maps)
    run = _invoke("compile", str(SPEC), "--into", str(maps))
    return {"maps": maps, "classic": classic, "before": before, "run": run}


def test_install_adds_the_game_and_keeps_every_line_of_the_author(installed: dict[str, Any]) -> None:
    run, classic, before = installed["run"], installed["classic"], installed["before"]
    assert run.exit_code == 0, run.output
    xml = classic / "map" / "games" / XML_NAME
    assert b"Compiled by triplea-compiler" in xml.read_bytes()[:1000]
    old_yml = before["world_war_ii_classic/map.yml"].decode()
    new_yml = (classic / "map.yml").read_text()
    entry = f"- {{game_name: {GAME_NAME}, file_name: {XML_NAME}}}\n"
    assert entry in new_yml
    assert new_yml.replace(entry, "", 1) == old_yml  # one line added, after the last game; nothing else changed
    assert new_yml.endswith(AUTHOR_TAIL)  # the author's lines after the list stay after it
    texts = (classic / "map" / "notifications.properties").read_bytes()
    assert texts.startswith(AUTHOR_TEXTS.encode())  # the author's bytes, the written message among them
    added = texts[len(AUTHOR_TEXTS):].decode("ascii")
    assert "AXIS_VICTORY" not in added
    assert "\r\nALLIES_VICTORY=TO WRITE: " in added and added.endswith("\r\n")  # the file's own line breaks
    changed = {name for name, data in _snapshot(installed["maps"]).items() if before.get(name) != data}
    assert changed == {"world_war_ii_classic/map.yml", "world_war_ii_classic/map/notifications.properties",
                       f"world_war_ii_classic/map/games/{XML_NAME}"}


def test_installed_map_validates_without_errors(installed: dict[str, Any]) -> None:
    assert installed["run"].exit_code == 0, installed["run"].output
    run = _invoke("validate", "--format", "json", str(installed["classic"]))
    problems = json.loads(run.output)["problems"]
    assert [p for p in problems if p["severity"] == "error"] == []
    ours = [p for p in problems if XML_NAME in p["path"] or p["code"] in ("map-yml", "map-yml-mismatch")]
    assert [p for p in ours if p["code"] in ("victory-message", "map-yml", "map-yml-mismatch")] == []


def test_second_install_changes_no_byte(installed: dict[str, Any]) -> None:
    assert installed["run"].exit_code == 0, installed["run"].output
    maps = installed["maps"]
    first = _snapshot(maps)
    check = _invoke("compile", "--check", str(SPEC), "--into", str(maps))
    assert check.exit_code == 0, check.output
    again = _invoke("compile", str(SPEC), "--into", str(maps))
    assert again.exit_code == 0, again.output
    assert "nothing changed" in again.output
    assert _snapshot(maps) == first  # the same files (no temporary left), byte for byte


def test_current_triplea_loads_and_offers_the_installed_game(installed: dict[str, Any], current_triplea: Any) -> None:
    assert installed["run"].exit_code == 0, installed["run"].output
    classic = installed["classic"]
    xml = (classic / "map" / "games" / XML_NAME).resolve()
    verdict = current_triplea.judge([xml])[xml]
    assert verdict.loads, verdict.message
    classes = current_triplea.compiled([JAVA], "InstalledGames", "installed-games")
    run = subprocess.run(["java", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true",
                          "-Dorg.slf4j.simpleLogger.defaultLogLevel=off", "-cp",
                          f"{classes}:{current_triplea.class_path()}", "InstalledGames", str(installed["maps"]),
                          "world_war_ii_classic"], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    rows = [line.split("\t") for line in run.stdout.splitlines()]
    games = {name: Path(path) for kind, name, path in rows if kind == "GAME"}
    assert games[GAME_NAME].resolve() == xml  # TripleA's game list opens the installed XML for the game
    assert {"World War II Classic", "World War II Classic 3rd Edition", "Classic: Iron Blitz 3rd Edition",
            "Empire"} <= set(games)
    content = {name: path for kind, name, path in rows if kind == "CONTENT"}
    assert Path(content["world_war_ii_classic"]).resolve() == (classic / "map").resolve()
