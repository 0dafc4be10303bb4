"""The game a save carries, read from the save alone, is the game its XML describes; check-save needs no XML."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from save_facts import differences

from compiler.cli import main
from compiler.engine.world import build_world
from compiler.load import load_game
from compiler.saves import read_save

DATA = Path(__file__).parent / "data"
AIR_RANGE = 'air-range:{"ranges": {"Bomber": {"combat": 3}}}'


def _same_game(save: Path, game: Path) -> None:
    carried = read_save(save, world=True).world
    assert carried is not None
    assert differences(carried, build_world(load_game(game).model)) == {}


@pytest.mark.parametrize("release", ["2.7", "2026-08"])
def test_a_two_fronts_save_carries_its_game(release: str) -> None:
    _same_game(DATA / f"two_fronts_victory_{release}.tsvg", DATA / "two_fronts_victory.yaml")


@pytest.mark.parametrize(("save", "xml"), [
    ("revisted_start_of_game.tsvg", "ww2v2.xml"),
    ("nwo_smalls_ai_game_during_combat.tsvg", "new_world_order_smalls.xml"),
])
def test_a_reference_save_carries_its_game(shared: Path, save: str, xml: str) -> None:
    _same_game(shared / "reference" / "saves" / save, shared / "reference" / "corpus" / xml)


def test_check_save_without_the_xml_finds_what_it_finds_with_it(shared: Path) -> None:
    save = shared / "reference" / "saves" / "nwo_smalls_ai_game_during_combat.tsvg"
    xml = shared / "reference" / "corpus" / "new_world_order_smalls.xml"
    alone = CliRunner().invoke(main, ["check-save", str(save), "--rule", AIR_RANGE])
    given = CliRunner().invoke(main, ["check-save", str(save), "--game", str(xml), "--rule", AIR_RANGE])
    assert alone.exit_code == given.exit_code == 1
    assert alone.stdout == given.stdout and alone.stdout.count("[air-range]") == 2


@pytest.mark.parametrize("release", ["2.7", "2026-08"])
def test_check_save_alone_replays_to_the_saved_state(release: str) -> None:
    done = CliRunner().invoke(main, ["check-save", str(DATA / f"two_fronts_victory_{release}.tsvg")])
    assert done.exit_code == 0, done.output
    assert done.stderr.startswith("no house rule to check")
