"""A save's starting position, found by undoing its history, is the game XML's initial state (real TripleA saves)."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_facts import position

from compiler.engine.state import GameState
from compiler.engine.world import build_world
from compiler.load import load_game
from compiler.saves.container import inflate, read_bytes
from compiler.saves.java import SaveFormatError
from compiler.saves.start import history_changes, start_state
from compiler.saves.state import read_state
from compiler.saves.stream import parse_stream

DATA = Path(__file__).parent / "data"
def _game_data(save: Path) -> object:
    return parse_stream(inflate(read_bytes(save), str(save), 2**30))[1]


def _same_start(save: Path, game: Path) -> None:
    game_data = _game_data(save)
    saved = read_state(game_data)
    assert history_changes(game_data), "a save without history proves nothing here"
    world = build_world(load_game(game).model)
    assert world.initial is not None
    start = start_state(game_data, saved)
    assert position(start) == position(world.initial)
    assert position(start) != position(saved), "the game moved on: the saved state is not the start"


@pytest.mark.parametrize("release", ["2.7", "2026-08"])
def test_the_start_of_a_two_fronts_game(release: str) -> None:
    _same_start(DATA / f"two_fronts_victory_{release}.tsvg", DATA / "two_fronts_victory.yaml")


@pytest.mark.parametrize(("save", "xml"), [
    ("revised_during_land_to_land_combat.tsvg", "ww2v2.xml"),
    ("nwo_smalls_ai_game_during_combat.tsvg", "new_world_order_smalls.xml"),
])
def test_the_start_of_a_reference_save(shared: Path, save: str, xml: str) -> None:
    _same_start(shared / "reference" / "saves" / save, shared / "reference" / "corpus" / xml)


def test_a_history_that_does_not_fit_the_board_is_refused(shared: Path) -> None:
    game_data = _game_data(DATA / "two_fronts_victory_2.7.tsvg")
    no_territories = GameState(game=read_state(game_data).game)  # its captures name territories it lacks
    with pytest.raises(SaveFormatError, match="the history changes the owner of .*, which the map does not have"):
        start_state(game_data, no_territories)
