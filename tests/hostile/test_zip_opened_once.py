"""A map zip is opened, and its directory read, once per run, shared by all its games and map folders (it was
reopened twice per game: 4,000 games took 70 s); bench/bench_hostile.py --zips measures a zip of 20,000."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import compiler.limits
from compiler.cli import main
from compiler.mapfolder.source import discover

GAME = '<?xml version="1.0"?><game><info name="G{i}" version="1"/><map><territory name="A"/></map></game>'


def many_games_zip(path: Path, maps: int, games: int) -> Path:
    """A zip of `maps` map folders (m0/ ...) of `games` small game XMLs each, with a centers.txt each."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for m in range(maps):
            archive.writestr(f"m{m}/centers.txt", "A (1,1)\n")
            for g in range(games):
                archive.writestr(f"m{m}/games/g{g}.xml", GAME.format(i=m * games + g))
    return path


def test_a_zip_of_many_games_is_opened_once_per_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = many_games_zip(tmp_path / "maps.zip", maps=20, games=10)
    opened: list[str] = []
    real = compiler.limits.open_zip

    def counting(path: str | Path) -> zipfile.ZipFile:
        opened.append(str(path))
        return real(path)

    monkeypatch.setattr(compiler.limits, "open_zip", counting)
    compiler.limits._SHARED.clear()
    result = CliRunner().invoke(main, ["validate", "--format", "json", str(archive)])
    assert result.exit_code in (0, 1), result.output
    assert result.stdout.count(f'"path": "{archive}!/m') > 0
    assert opened == [str(archive)]


def test_every_game_keeps_its_own_map_folder(tmp_path: Path) -> None:
    archive = many_games_zip(tmp_path / "maps.zip", maps=3, games=4)
    games = discover(archive)
    assert [g.member for g in games] == sorted(f"m{m}/games/g{g}.xml" for m in range(3) for g in range(4))
    for game in games:
        root = game.member.split("/")[0] if game.member else ""
        assert game.map_files is not None and game.map_files.root == f"{archive}!/{root}/"
        assert game.map_files.games == tuple(f"{archive}!/{root}/games/g{g}.xml" for g in range(4))
        assert game.map_files.files["centers.txt"][0] == f"{archive}!/{root}/centers.txt"
    assert b'name="G5"' in games[5].read_bytes()


def test_a_changed_zip_is_read_again(tmp_path: Path) -> None:
    archive = many_games_zip(tmp_path / "maps.zip", maps=1, games=2)
    assert len(discover(archive)) == 2
    many_games_zip(tmp_path / "other.zip", maps=1, games=3).replace(archive)
    assert len(discover(archive)) == 3
