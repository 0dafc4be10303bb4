"""check-log and check-save from the command line: output formats, exit codes, bad input."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main

STRAIT = 'strait-crossing:{"straits": [["G19", "I1"]]}'


def _log(tmp_path: Path, shared: Path, owner: str = "British") -> Path:
    xml = shared / "reference/maps/g40_alt_universe/map/games/G40_Alt_Universe.xml"
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(f"""\
        game: G40 Alt Universe
        xml: {xml}
        initial:
          owners: {{I1: {owner}}}
        events:
          - {{type: step, round: 2, player: Germans, step: germansCombatMove}}
          - {{type: move, units: {{infantry: 2}}, route: [G19, I1]}}
    """))
    return path


def test_check_log_text(tmp_path, shared):
    log = _log(tmp_path, shared)
    result = CliRunner().invoke(main, ["check-log", str(log), "--rule", STRAIT])
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith(
        f"{log}:7: error: round 2, Germans, germansCombatMove, event 2: Germans crosses the strait G19-I1, but I1 "
        "(British) was not friendly at the start of the turn [strait-crossing]\n"
    )
    assert result.stderr == "1 violation(s)\n"


def test_check_log_json_and_clean(tmp_path, shared):
    log = _log(tmp_path, shared)
    result = CliRunner().invoke(main, ["check-log", str(log), "--rule", STRAIT, "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [(p["code"], p["severity"], p["path"], p["line"], p["when"]) for p in data["problems"]] == [
        ("strait-crossing", "error", str(log), 7,
         {"round": 2, "player": "Germans", "step": "germansCombatMove", "event": 2})
    ]
    assert data["summary"]["errors"] == 1
    clean = _log(tmp_path, shared, owner="Italians")
    result = CliRunner().invoke(main, ["check-log", str(clean), "--rule", STRAIT, "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []


def test_every_text_run_ends_with_a_summary_line(tmp_path, shared):
    clean = _log(tmp_path, shared, owner="Italians")
    kept = CliRunner().invoke(main, ["check-log", str(clean), "--rule", STRAIT])
    assert kept.exit_code == 0 and kept.stdout == "" and kept.stderr == "no violation of 1 house rule(s)\n"
    nothing = CliRunner().invoke(main, ["check-log", str(clean)])
    assert nothing.exit_code == 0 and nothing.stderr == (
        "no house rule to check (give --rule ID, or --spec with house_rules): only the replay was checked\n")


def test_check_log_sarif_and_github(tmp_path, shared):
    log = _log(tmp_path, shared)
    result = CliRunner().invoke(main, ["check-log", str(log), "--rule", STRAIT, "--format", "sarif"])
    assert result.exit_code == 1 and result.stderr == ""
    run = json.loads(result.stdout)["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["strait-crossing"]
    assert run["tool"]["driver"]["rules"][0]["shortDescription"]["text"].startswith("a strait may be crossed only")
    [found] = run["results"]
    assert found["level"] == "error" and found["locations"][0]["physicalLocation"]["region"] == {"startLine": 7}
    assert found["properties"] == {"round": 2, "player": "Germans", "step": "germansCombatMove", "event": 2}
    result = CliRunner().invoke(main, ["check-log", str(log), "--rule", STRAIT, "--format", "github"])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"::error file={log},line=7,title=strait-crossing::round 2, Germans, ")


def test_check_log_game_option(tmp_path, shared):
    log = _log(tmp_path, shared)
    text = log.read_text().replace("xml:", "# xml:")
    log.write_text(text)
    result = CliRunner().invoke(main, ["check-log", str(log), "--rule", STRAIT])
    assert result.exit_code == 2 and "give --spec SPEC or --game XML" in result.stderr
    game = shared / "reference/maps/g40_alt_universe/map/games/G40_Alt_Universe.xml"
    result = CliRunner().invoke(main, ["check-log", str(log), "--game", str(game), "--rule", STRAIT])
    assert result.exit_code == 1


def test_bad_input_exits_2(tmp_path, shared):
    log = _log(tmp_path, shared)
    cases = [
        (["--rule", "strait-crossing:{oops"], "--rule strait-crossing: parameters are not JSON"),
        (["--rule", 'strait-crossing:{"straits": [["G19", "Nowhere"]]}'], "unknown territory: Nowhere"),
        (["--rule", "warp-drive"], "unknown house rule id"),
    ]
    for extra, words in cases:
        result = CliRunner().invoke(main, ["check-log", str(log), *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert words in result.stderr and "Traceback" not in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("events:\n  - {type: move, round: 1, route: [A, B]}\n")
    result = CliRunner().invoke(main, ["check-log", str(bad), "--game", "x.xml"])
    assert result.exit_code == 2 and f"{bad}:2:5: error: bad move event: units: missing field" in result.stderr
    result = CliRunner().invoke(main, ["check-log", str(tmp_path / "none.yaml"), "--game", "x.xml"])
    assert result.exit_code == 2 and "cannot read log" in result.stderr


def test_check_save_on_a_real_save(shared):
    save = shared / "reference/saves/nwo_smalls_ai_game_during_combat.tsvg"
    game = shared / "reference/corpus/new_world_order_smalls.xml"
    strict = 'air-range:{"ranges": {"Bomber": {"combat": 3}}}'
    result = CliRunner().invoke(main, ["check-save", str(save), "--game", str(game), "--rule", strict,
                                       "--format", "json"])
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)["problems"]
    assert [(p["code"], p["when"]["round"], p["when"]["player"], p["when"]["step"]) for p in found] == [
        ("air-range", 1, "Germans", "germanCombatMove")
    ] * 2
    assert "Bomber move 4 spaces" in found[0]["message"]
    assert [p["line"] for p in found] == [0, 0] and [p["when"]["event"] for p in found] == [6, 7]
    lenient = 'air-range:{"ranges": {"Bomber": {"combat": 6}}}'
    result = CliRunner().invoke(main, ["check-save", str(save), "--game", str(game), "--rule", lenient])
    assert result.exit_code == 0, result.output


def test_check_save_refuses_a_non_save(tmp_path, shared):
    fake = tmp_path / "fake.tsvg"
    fake.write_bytes(b"not a save")
    game = shared / "reference/corpus/new_world_order_smalls.xml"
    result = CliRunner().invoke(main, ["check-save", str(fake), "--game", str(game)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_check_save_refuses_a_save_of_another_game(shared):
    save = shared / "reference/saves/nwo_smalls_ai_game_during_combat.tsvg"
    game = shared / "reference/maps/g40_alt_universe/map/games/G40_Alt_Universe.xml"
    result = CliRunner().invoke(main, ["check-save", str(save), "--game", str(game), "--format", "sarif"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{save}: error: a save of ") and result.stderr.endswith(" [save-other-game]\n")
