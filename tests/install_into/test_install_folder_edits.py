"""`compile --into` on small made-up map folders: which texts it stubs, how it edits map.yml, what it refuses,
and that a write failing halfway leaves the folder as it was."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.install import staging
from compiler.install.map_yml_entry import GameEntry, scalar, with_game
from compiler.mapfolder.map_yml import read_map_yml

ROOT = Path(__file__).resolve().parents[2]
POLITICS = """
politics:
  schedule:
    - {name: Armistice, round: 3, when: after:westernEndTurn, player: Westerners, notification: ARMISTICE,
       relationships: [{players: [Westerners, Easterners], to: Allied}]}
  actions:
    - {name: WestDeclaresWar, player: Westerners, changes: [{players: [Westerners, Easterners], to: War}],
       text: West_War, chance: "3:6"}
"""
MAP_YML = "# the map of Two Fronts\nmap_name: Two Fronts\ngames:\n  - game_name: Old Fronts\n    file_name: old.xml\n"
AUTHOR_POLITICS = "West_War.BUTTON=Declare war!\n"


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    """Two Fronts with a trigger that notifies and a political action that may fail."""
    path = tmp_path / "two_fronts_politics.yaml"
    path.write_text((ROOT / "specs" / "two_fronts.yaml").read_text() + POLITICS)
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A map repository's layout: map.yml (block style) beside map/, the author's politics text."""
    root = tmp_path / "two_fronts"
    (root / "map" / "games").mkdir(parents=True)
    (root / "map" / "polygons.txt").write_text("")
    (root / "map" / "games" / "old.xml").write_text('<game><info name="Old Fronts"/></game>')
    (root / "map.yml").write_text(MAP_YML)
    (root / "map" / "politicstext.properties").write_text(AUTHOR_POLITICS)
    return root


def test_stubs_the_texts_the_game_needs_and_lists_it(spec: Path, folder: Path) -> None:
    run = _invoke("compile", str(spec), "--into", str(folder))
    assert run.exit_code == 0, run.output
    entry = "  - game_name: Two Fronts\n    file_name: two_fronts_politics.xml\n"
    assert (folder / "map.yml").read_text() == MAP_YML + entry
    politics = (folder / "map" / "politicstext.properties").read_text()
    assert politics.startswith(AUTHOR_POLITICS)
    added = {line.split("=")[0] for line in politics[len(AUTHOR_POLITICS):].splitlines() if not line.startswith("#")}
    assert added == {f"West_War.{s}" for s in ("DESCRIPTION", "NOTIFICATION_SUCCESS", "OTHER_NOTIFICATION_SUCCESS",
                                               "NOTIFICATION_FAILURE", "OTHER_NOTIFICATION_FAILURE")}
    notes = (folder / "map" / "notifications.properties").read_text()
    assert notes.splitlines()[1] == ("ARMISTICE=TO WRITE: the message shown when trigger triggerAttachmentArmistice "
                                     "fires")
    assert (folder / "map" / "games" / "two_fronts_politics.xml").is_file()
    assert not (folder / "map" / "actionstext.properties").exists()  # no user action: no file


def test_a_renamed_game_gets_its_entry_renamed_in_place(spec: Path, folder: Path) -> None:
    assert _invoke("compile", str(spec), "--into", str(folder)).exit_code == 0
    spec.write_text(spec.read_text().replace("name: Two Fronts", "name: 'Two Fronts: Politics'", 1))
    run = _invoke("compile", str(spec), "--into", str(folder))
    assert run.exit_code == 0, run.output
    assert (folder / "map.yml").read_text() == (
        MAP_YML + "  - game_name: 'Two Fronts: Politics'\n    file_name: two_fronts_politics.xml\n")


def test_a_map_without_map_yml_gets_one_listing_its_games(spec: Path, folder: Path) -> None:
    (folder / "map.yml").unlink()
    run = _invoke("compile", str(spec), "--into", str(folder))
    assert run.exit_code == 0, run.output
    description, problems = read_map_yml("map.yml", (folder / "map.yml").read_text())
    assert problems == [] and description is not None
    assert description.map_name == "two_fronts"  # as TripleA names a map without map.yml: after its folder
    assert [(g.game_name, g.file_name) for g in description.games] == [
        ("Old Fronts", "old.xml"), ("Two Fronts", "two_fronts_politics.xml")]


@pytest.mark.parametrize("case", ["not a map", "inside the map", "another map", "not downloaded", "the author's XML",
                                  "a case variant"])
def test_refusals_change_nothing(spec: Path, folder: Path, tmp_path: Path, case: str) -> None:
    into = folder
    if case == "not a map":
        into = tmp_path / "empty"
        into.mkdir()
    elif case == "inside the map":
        into = folder / "map"
    elif case == "another map":
        (folder / "map.yml").write_text(MAP_YML.replace("Two Fronts", "Three Fronts"))
        os.rename(folder, tmp_path / "three_fronts")
        into = tmp_path / "three_fronts"
    elif case == "not downloaded":
        into = tmp_path / "downloadedMaps"
        (into / "other" / "map").mkdir(parents=True)
        (into / "other" / "map.yml").write_text(MAP_YML.replace("Two Fronts", "Other"))
    elif case == "the author's XML":
        (folder / "map" / "games" / "two_fronts_politics.xml").write_text("<game/>")
    else:
        (folder / "map" / "games" / "Two_Fronts_Politics.xml").write_text("<game/>")
    before = _snapshot(tmp_path)
    run = _invoke("compile", str(spec), "--into", str(into))
    assert run.exit_code == 2, run.output
    expected = {"not a map": "not a map folder", "inside the map": f"give the map folder that holds map.yml: {folder}",
                "another map": "this folder holds map 'Three Fronts'",
                "not downloaded": "none of them map 'two_fronts'",
                "the author's XML": "triplea-compiler did not write", "a case variant": "Windows and macOS"}[case]
    assert expected in run.output
    assert _snapshot(tmp_path) == before
    if case == "another map":
        assert _invoke("compile", str(spec), "--into", str(into), "--any-map").exit_code == 0


def test_a_failed_rename_puts_everything_back(spec: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _snapshot(folder)
    real_replace = os.replace
    calls = []

    def failing_second(src: str, dst: Any) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(staging.os, "replace", failing_second)
    run = _invoke("compile", str(spec), "--into", str(folder))
    assert run.exit_code == 2, run.output
    assert "No space left on device" in run.output
    assert len(calls) >= 2
    assert _snapshot(folder) == before  # the first file renamed is back as it was, no temporary left


@pytest.mark.parametrize("name", ["Plain Name", "Classic: Iron Blitz", "it's", "true", "1941", "a, b", "- x", "#x"])
def test_map_yml_scalars_read_back(name: str) -> None:
    text = "map_name: m\ngames:\n- {game_name: Other, file_name: other.xml}"
    updated = with_game(text, "map.yml", GameEntry(name, "new.xml"))
    description, problems = read_map_yml("map.yml", updated)
    assert problems == [] and description is not None
    assert [g.game_name for g in description.games] == ["Other", name]
    assert updated.startswith(text + "\n") and scalar(name) in updated
