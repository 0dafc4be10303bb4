"""A real TripleA 2.7.15622 save (tests/saves/data): version, victory, and the checks that refuse to guess.

two_fronts_victory_2.7.tsvg is 2.7's save of an all-AI game of data/two_fronts_victory.yaml (see its
header), which the Westerners win at the end of round 1 by holding both victory cities.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main
from compiler.engine import events as ev
from compiler.saves import read_save
from compiler.saves.history import TRIGGERED_VICTORY, named_list

DATA = Path(__file__).parent / "data"
SAVE = DATA / "two_fronts_victory_2.7.tsvg"
SPEC = DATA / "two_fronts_victory.yaml"
ROOT = Path(__file__).resolve().parents[2]


def test_version_and_outcome_of_a_2_7_save() -> None:
    save = read_save(SAVE)
    assert (save.engine_version, save.game_version) == ("2.7.15622", "")  # 2.7 keeps no game version
    assert (save.outcome.known, save.outcome.game_over, save.outcome.winners) == (True, True, ["Westerners"])
    [victory] = [e for e in save.events if isinstance(e, ev.Victory)]
    assert (victory.round, victory.step, victory.player, victory.winners) == (1, "endRoundStep", None, ["League"])
    assert save.state.owners["Eastland"] == save.state.owners["Westland"] == "Westerners"


def test_show_save_says_who_won() -> None:
    text = CliRunner().invoke(main, ["show-save", str(SAVE)])
    assert text.exit_code == 0
    assert text.stdout.splitlines()[1:3] == ["saved by TripleA 2.7.15622", "game over: won by Westerners"]
    data = json.loads(CliRunner().invoke(main, ["show-save", str(SAVE), "--format", "json", "--history"]).stdout)
    assert (data["game_over"], data["winners"]) == (True, ["Westerners"])
    assert data["events"][-1] == {"type": "victory", "round": 1, "step": "endRoundStep", "player": None,
                                  "line": None, "winners": ["League"],
                                  "text": "League achieve TOTAL VICTORY with 2 Victory Cities!"}


def test_trigger_victory_text_names_the_winners() -> None:
    """TriggerAttachment writes 'Players: <A, B and C> have just won the game, with this victory: <message>'."""
    found = TRIGGERED_VICTORY.match("Players: Germans, Italians and Japanese have just won the game, with this "
                                     "victory: The Axis rule the world")
    assert found is not None and named_list(found["who"]) == ["Germans", "Italians", "Japanese"]
    found = TRIGGERED_VICTORY.match("Players: Macedonia have just won the game, with this victory: VICTORY")
    assert found is not None and named_list(found["who"]) == ["Macedonia"]


def _check(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check-save", str(SAVE), *args])
    return result.exit_code, result.stdout, result.stderr


def test_check_save_replays_the_save_of_its_own_game() -> None:
    code, out, err = _check("--spec", str(SPEC), "--rule", 'move-limit:{"player": "Westerners", "max_units": 0, '
                                                           '"phase": "combat-move"}', "--format", "json")
    assert code == 1, err
    found = json.loads(out)["problems"]
    assert [(v["code"], v["when"]["round"], v["when"]["player"], v["when"]["step"]) for v in found] == [
        ("move-limit", 1, "Westerners", "westernCombatMove")] * len(found) and found


def test_check_save_refuses_a_save_its_history_does_not_lead_to() -> None:
    """Same game name, another start (specs/two_fronts.yaml): the replay cannot reach the saved board."""
    code, out, err = _check("--spec", str(ROOT / "specs" / "two_fronts.yaml"))
    assert (code, out) == (2, "")
    assert "does not reach the saved state" in err and "[replay-diverged]" in err
    assert "Steppes: replay gives owner Easterners, the save Westerners" in err


def test_check_save_refuses_a_save_of_another_game() -> None:
    code, out, err = _check("--spec", str(ROOT / "specs" / "allies_vs_axis.yaml"))
    assert (code, out) == (2, "")
    assert "a save of 'Two Fronts' cannot be checked against 'Allies vs Axis'" in err and "Traceback" not in err
