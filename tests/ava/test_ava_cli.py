"""`triplea-compiler play`: one game, series, JSON, game logs, humans and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

from ava_helpers import SPEC, new_game, spec
from click.testing import CliRunner

from compiler.ava.human import HumanPlayer
from compiler.cli import main
from compiler.engine.log import load_log


def play(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["play", str(SPEC), *args], input=input)


def test_one_game_prints_a_summary() -> None:
    result = play("--allies", "battleship-ai", "--axis", "tank-ai", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "winner:" in result.output and "end condition:" in result.output
    assert play("--allies", "battleship-ai", "--axis", "tank-ai", "--seed", "3").output == result.output


def test_series_in_json() -> None:
    result = play("--mode", "without-italy", "--games", "6", "--format", "json", "--turn-limit", "100",
                  "--allies", "aircraft-ai", "--axis", "battleship-ai", "--victory", "conqueror")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["games"]) == 6
    assert set(doc["games"][0]) == {"winner", "end_condition", "turns", "seed"}
    summary = doc["summary"]
    assert sum(summary["wins"].values()) == 6
    assert set(summary["end_conditions"]) == {"allies", "axis", "draw"}


def test_series_in_text_reports_win_rates() -> None:
    result = play("--games", "10", "--mode", "les-miserables", "--jail-limit", "5")
    assert result.exit_code == 0, result.output
    assert "wins" in result.output and "%" in result.output


def test_game_log_in_our_format(tmp_path: Path) -> None:
    for name in ("game.yaml", "game.json"):
        path = tmp_path / name
        result = play("--seed", "5", "--mode", "fierce-battles", "--log", str(path))
        assert result.exit_code == 0, result.output
        log = load_log(path)
        kinds = {e.type for e in log.events}
        assert {"move", "purchase", "resources", "note"} <= kinds
        assert log.events[-1].type in ("victory", "note")
        moves = [e for e in log.events if e.type == "move"]
        assert all(len(e.route) >= 2 for e in moves)


def test_bad_invocations_exit_2() -> None:
    for args in (["--mode", "easy"], ["--allies", "cruiser-ai"], ["--turn-limit", "50"],
                 ["--games", "2", "--log", "x.yaml"], ["--jail-limit", "4"]):
        result = play(*args)
        assert result.exit_code == 2, args
        assert "error:" in result.output and "Traceback" not in result.output
    missing = CliRunner().invoke(main, ["play", "no/such/spec.yaml"])
    assert missing.exit_code == 2 and "Traceback" not in missing.output


def test_invalid_section_exits_1_with_locations(tmp_path: Path) -> None:
    bad = tmp_path / "spec.yaml"
    bad.write_text(SPEC.read_text().replace("penalty_rate: 0.50", "penalty_rate: 1.5", 1))
    result = CliRunner().invoke(main, ["play", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:" in result.output and "penalty_rate" in result.output


def test_human_player_ended_input_is_reported() -> None:
    result = play("--allies", "human", "--axis", "tank-ai", input="")
    assert result.exit_code == 2
    assert "standard input ended" in result.output and "Traceback" not in result.output
    result = play("--allies", "human", "--axis", "tank-ai", input="1\nwhat\n2\n\n")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_human_prompts_repeat_until_the_answer_is_valid() -> None:
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("7\nx\n2\n3 0 0 0\n1 0 0\n99 0 0 0\n2 0 0 0\nmaybe\ny\n"), out)
    game = new_game(allies=human)
    me = game.state["allies"]
    me.money = 120
    assert human.landing(game, me, spec().space_index("Albania"), ["invade", "treaty", "pass"]) == "treaty"
    assert human.recruit(game, me, [24, 16, 10, 6]) == [2, 0, 0, 0]  # 3 infantry cost 150
    assert human.yes("ok?") is True
    text = out.getvalue()
    assert "please type a number" in text and "that costs $M 150" in text and "please type 4 whole numbers" in text


def test_a_whole_game_by_a_scripted_human() -> None:
    """A human who answers every prompt with its first option plays a game to its end."""

    class Answers(io.StringIO):
        def readline(self, *args: object) -> str:  # type: ignore[override]
            return "1\n"

    class Replies(HumanPlayer):
        def counts(self, view, prompt, check, blank="none"):  # type: ignore[no-untyped-def]
            return [0] * len(view.units)

        def yes(self, prompt: str) -> bool:
            return True

    from compiler.ava.game import Game
    from compiler.ava.match import make_player

    human = Replies(Answers(), io.StringIO())
    result = Game(spec(), "normal", {"allies": human, "axis": make_player(spec(), "aircraft-ai")}, seed=2).play()
    assert result.end_condition in ("sudden-death", "imprisoned", "conqueror")
    assert human.stdout.getvalue().count("choose") > 3  # type: ignore[attr-defined]
