"""Unlocking modes (compiler/ava/progress.py, `play --progress`): Normal is open from the start and each win
against the Battleship AI unlocks the next mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ava_helpers import SPEC, spec
from click.testing import CliRunner

from compiler.ava.progress import Progress, load_progress, save_progress
from compiler.cli import main
from compiler.problems import InputError
from compiler.spec.board_game import cross_check

HUMAN_VS_HARD = {"allies": "human", "axis": "battleship-ai"}


def test_normal_mode_first_then_one_more_a_win() -> None:
    cfg = spec()
    assert [Progress(wins).open_modes(cfg) for wins in (0, 1, 3)] == [
        ["normal"], ["normal", "les-miserables"], ["normal", "les-miserables", "fierce-battles", "without-italy"]]
    assert Progress(9).open_modes(cfg) == list(cfg.modes)


def test_only_a_win_against_the_battleship_ai_unlocks() -> None:
    cfg = spec()
    progress = Progress()
    assert progress.record(cfg, "axis", HUMAN_VS_HARD) is None  # lost
    assert progress.record(cfg, "allies", {"allies": "human", "axis": "tank-ai"}) is None  # an easier AI
    assert progress.record(cfg, "allies", {"allies": "aircraft-ai", "axis": "battleship-ai"}) is None  # AI vs AI
    assert progress.record(cfg, None, HUMAN_VS_HARD) is None  # a draw
    assert progress.wins == 0
    assert [progress.record(cfg, "allies", HUMAN_VS_HARD) for _ in range(4)] == [
        "les-miserables", "fierce-battles", "without-italy", None]
    assert progress.wins == 4


def test_progress_is_kept_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    assert load_progress(path) == Progress()
    save_progress(path, Progress(2))
    assert load_progress(path) == Progress(2) and json.loads(path.read_text()) == {"wins": 2}
    for bad in ("{", "[]", '{"wins": -1}', '{"wins": true}', '{"won": 1}'):
        path.write_text(bad)
        with pytest.raises(InputError, match="cannot read progress"):
            load_progress(path)


def test_the_unlocking_ai_must_be_an_ai_of_the_spec() -> None:
    cfg = spec()
    bad = cfg.model_copy(update={"rules": cfg.rules.model_copy(update={"unlocking_ai": "robot"})})
    assert (("rules", "unlocking_ai"), "unknown AI 'robot'") in list(cross_check(bad))


def play(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["play", str(SPEC), *args])


def test_play_refuses_a_locked_mode_and_keeps_the_progress(tmp_path: Path) -> None:
    path = tmp_path / "me.json"
    result = play("--mode", "les-miserables", "--progress", str(path))
    assert result.exit_code == 2 and "mode 'les-miserables' is locked" in result.output
    assert "unlocked: normal" in result.output and not path.exists()
    path.write_text('{"wins": 1}')
    result = play("--mode", "les-miserables", "--progress", str(path), "--seed", "2")
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text()) == {"wins": 1}  # two AIs played: nobody's progress
    path.write_text("not json")
    result = play("--progress", str(path))
    assert result.exit_code == 2 and "cannot read progress" in result.output
