"""Configuration discovery stops at the project's root (the folder holding .git, else the user's home), passes
over a configuration in a folder (or a file) of another user, and the summary line of `validate` says which
configuration the run used and which it passed over."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.config import NO_CONFIG, ConfigFinder

IGNORE = "ignore: [isolated-territory]\n"
GAME = b'<?xml version="1.0"?><game><info name="G" version="1"/><map><territory name="A"/></map></game>'


def _game(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "g.xml").write_bytes(GAME)
    return folder / "g.xml"


def test_the_search_stops_at_the_folder_holding_git(tmp_path: Path) -> None:
    (tmp_path / ".triplea-compiler.yaml").write_text(IGNORE, encoding="utf-8")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    game = _game(project / "maps")
    assert ConfigFinder().for_file(game) is NO_CONFIG
    (project / ".triplea-compiler.yaml").write_text(IGNORE, encoding="utf-8")
    assert ConfigFinder().for_file(game).path == project / ".triplea-compiler.yaml"


def test_the_search_stops_at_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".triplea-compiler.yaml").write_text(IGNORE, encoding="utf-8")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert ConfigFinder().for_file(_game(tmp_path / "home" / "maps")) is NO_CONFIG
    assert ConfigFinder().for_file(_game(tmp_path / "elsewhere")).path == tmp_path / ".triplea-compiler.yaml"


def test_the_summary_line_names_the_configuration(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    config = tmp_path / ".triplea-compiler.yaml"
    config.write_text(IGNORE, encoding="utf-8")
    game = _game(tmp_path / "maps")
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert "game(s) checked: " in result.stderr and f"; configuration: {config}" in result.stderr, result.stderr
    bare = CliRunner().invoke(main, ["validate", "--config", str(config), str(game)])
    assert f"; configuration: {config}" in bare.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file of another user needs root")
@pytest.mark.parametrize("foreign", ["folder", "file"])
def test_a_configuration_of_another_user_is_passed_over_and_said(tmp_path: Path, foreign: str) -> None:
    shared = tmp_path / "shared"
    game = _game(shared / "maps")
    config = shared / ".triplea-compiler.yaml"
    config.write_text("select: [no-such-id]\n", encoding="utf-8")  # taken, it would fail the run
    os.chown(shared if foreign == "folder" else config, 54321, -1)
    finder = ConfigFinder()
    assert finder.for_file(game) is NO_CONFIG and finder.skipped == [config]
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert "config-error" not in result.output
    assert f"; not used (another user's): {config}" in result.stderr, result.stderr
