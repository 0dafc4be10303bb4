"""Real saves of TripleA 2.7.15622 and 2026-08.16.15726 (tests/saves/data): version, victory, and the checks
that refuse to guess; a save of a release newer than the tool knows is read with a warning.

two_fronts_victory_2.7.tsvg and two_fronts_victory_2026-08.tsvg are each release's save of an all-AI game of
data/two_fronts_victory.yaml (see its header), which the Westerners win at the end of round 1 by holding both
victory cities. 2.7 begins a save with an org.triplea.util.Version object, 2026-08 with a plain string.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.engine import events as ev
from compiler.saves import read_save
from compiler.saves.history import TRIGGERED_VICTORY, named_list

DATA = Path(__file__).parent / "data"
SAVES = {"2.7.15622": DATA / "two_fronts_victory_2.7.tsvg",
         "2026-08.16.15726": DATA / "two_fronts_victory_2026-08.tsvg"}
SAVE = SAVES["2.7.15622"]
CURRENT = SAVES["2026-08.16.15726"]
SPEC = DATA / "two_fronts_victory.yaml"
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("version", "release", "written_as"), [("2.7.15622", "2.7", "Version"),
                                                                ("2026-08.16.15726", "2026-08", "string")])
def test_version_and_outcome(version: str, release: str, written_as: str) -> None:
    save = read_save(SAVES[version])
    assert (save.engine_version, save.release, save.version_object) == (version, release, written_as)
    assert save.game_version == "" and save.notes == []  # 2.x keeps no game version
    assert (save.outcome.known, save.outcome.game_over, save.outcome.winners) == (True, True, ["Westerners"])
    [victory] = [e for e in save.events if isinstance(e, ev.Victory)]
    assert (victory.round, victory.step, victory.player, victory.winners) == (1, "endRoundStep", None, ["League"])
    assert save.state.owners["Eastland"] == save.state.owners["Westland"] == "Westerners"


@pytest.mark.parametrize("version", list(SAVES))
def test_show_save_says_who_won(version: str) -> None:
    text = CliRunner().invoke(main, ["show-save", str(SAVES[version])])
    assert text.exit_code == 0
    assert text.stdout.splitlines()[1:3] == [f"saved by TripleA {version}", "game over: won by Westerners"]
    data = json.loads(CliRunner().invoke(main, ["show-save", str(SAVES[version]), "--format", "json",
                                                "--history"]).stdout)
    assert (data["engine_version"], data["warnings"]) == (version, [])
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


def _check(*args: str, save: Path = SAVE) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check-save", str(save), *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("version", list(SAVES))
def test_check_save_replays_the_save_of_its_own_game(version: str) -> None:
    rule = 'move-limit:{"player": "Westerners", "max_units": 0, "phase": "combat-move"}'
    code, out, err = _check("--spec", str(SPEC), "--rule", rule, "--format", "json", save=SAVES[version])
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


def _patched(tmp_path: Path, version: str) -> Path:
    """The 2026-08 save with its version string replaced by `version` (16 characters, as "2026-08.16.15726")."""
    assert len(version) == 16
    stream = gzip.decompress(CURRENT.read_bytes())
    assert stream.count(b"2026-08.16.15726") == 1
    path = tmp_path / "patched.tsvg"
    path.write_bytes(gzip.compress(stream.replace(b"2026-08.16.15726", version.encode())))
    return path


def test_a_save_of_a_newer_release_is_read_with_a_warning(tmp_path: Path) -> None:
    save = _patched(tmp_path, "2026-11.17.15801")
    read = read_save(save)
    assert (read.engine_version, read.release) == ("2026-11.17.15801", "2026-11")
    [note] = read.notes
    assert note.code == "save-newer-release" and not note.is_error
    assert "newer than the newest release this tool knows (2026-08.16.15726)" in note.message
    shown = CliRunner().invoke(main, ["show-save", str(save)])
    assert shown.exit_code == 0 and "[save-newer-release]" in shown.stderr
    assert "saved by TripleA 2026-11.17.15801\n" in shown.stdout
    code, out, err = _check("--spec", str(SPEC), save=save)
    assert code == 0 and "warning: written by TripleA 2026-11.17.15801" in out, (out, err)
    code, out, _ = _check("--spec", str(SPEC), "--format", "json", save=save)
    assert code == 0 and [p["code"] for p in json.loads(out)["problems"]] == ["save-newer-release"]


def test_a_newer_build_of_a_known_release_is_newer_too(tmp_path: Path) -> None:
    [note] = read_save(_patched(tmp_path, "2026-08.16.15799")).notes
    assert "2026-08.16.15799" in note.message


def test_the_june_releases_dotted_versions_name_their_release(tmp_path: Path) -> None:
    read = read_save(_patched(tmp_path, "2026.06.16.15623"))
    assert (read.release, read.notes) == ("2026-06", [])
    shown = CliRunner().invoke(main, ["show-save", str(_patched(tmp_path, "2026.06.16.15623"))])
    assert "saved by TripleA 2026.06.16.15623 (release 2026-06)" in shown.stdout


def test_a_save_that_does_not_begin_with_a_version_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["show-save", str(_patched(tmp_path, "not a version!!!"))])
    assert result.exit_code == 2 and "[save-not-triplea]" in result.stderr
    assert "it begins with 'not a version!!!', not a TripleA version" in result.stderr


def test_a_save_of_a_release_that_never_was_is_read_with_a_warning(tmp_path: Path) -> None:
    read = read_save(_patched(tmp_path, "3.1.999999999999"))
    assert [n.code for n in read.notes] == ["save-unknown-release"]
    assert read_save(_patched(tmp_path, "2.3.111111111111")).notes == []  # an older 2.x: read as 2.x is
