"""game-options: the options a real Revised save was played with, against what a league requires."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main

SAVE = ("reference", "saves", "revised_during_land_to_land_combat.tsvg")


def _check(shared: Path, options: dict[str, object], *more: str) -> tuple[int, list[dict[str, object]]]:
    rule = f"game-options:{json.dumps({'options': options})}"
    done = CliRunner().invoke(main, ["check-save", str(shared.joinpath(*SAVE)), "--rule", rule, "--format", "json",
                                     *more])
    assert done.exit_code in (0, 1), done.output
    return done.exit_code, json.loads(done.stdout)["problems"]


def test_options_played_otherwise_break_it_once_at_the_start(shared: Path) -> None:
    code, found = _check(shared, {"Low Luck": True, "Tech Development": False, "Heavy Bomber Dice Rolls": 2})
    assert code == 1 and [(p["code"], p["when"]["round"], p["when"]["event"]) for p in found] == [
        ("game-options", 1, 1)]
    assert found[0]["message"] == ("the game is played with Low Luck off, required on; Tech Development on, "
                                   "required off")


def test_an_option_the_game_lacks_is_read_as_triplea_reads_it(shared: Path) -> None:
    _, found = _check(shared, {"Use Triggers": True, "No Such Thing": False})
    assert [p["message"] for p in found] == [
        "the game is played with Use Triggers off (the game has no such option), required on"]


def test_the_options_played_keep_it(shared: Path) -> None:
    assert _check(shared, {"Low Luck": False, "Tech Development": True, "Russians bid": 0})[0] == 0


def test_the_save_says_what_was_played_also_beside_the_game_xml(shared: Path) -> None:
    xml = shared / "reference" / "corpus" / "ww2v2.xml"
    _, found = _check(shared, {"Low Luck": True}, "--game", str(xml))
    assert [p["message"] for p in found] == ["the game is played with Low Luck off, required on"]


def test_a_game_log_cannot_say_which_options_were_played(tmp_path: Path, shared: Path) -> None:
    log = tmp_path / "game.yaml"
    xml = shared / "reference" / "corpus" / "ww2v2.xml"
    log.write_text(f"game: World War II Revised\nxml: {xml}\nevents: []\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["check-log", str(log), "--rule", 'game-options:{"options": {"Low Luck": true}}'])
    assert done.exit_code == 2 and "needs the game options a save records" in done.output


@pytest.mark.parametrize("options", [{}, {"Low Luck": [True]}])
def test_bad_parameters_are_refused(shared: Path, options: dict[str, object]) -> None:
    rule = f"game-options:{json.dumps({'options': options})}"
    done = CliRunner().invoke(main, ["check-save", str(shared.joinpath(*SAVE)), "--rule", rule])
    assert done.exit_code == 2 and "game-options" in done.output
