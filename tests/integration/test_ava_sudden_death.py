"""Allies vs. Axis in a real game of the current TripleA release: Sudden Death ends the game.

The document's Sudden Death (a player who loses his main country loses) is TripleA's Total Victory here:
Britain and Germany are the only victory cities and each side needs both. A variant of the spec where the
Axis can take Britain at once (40 Axis tanks in Egypt next to it, Britain held by 1 infantry) is played by
the release's Hard AI (`ai-game.sh --seed 3`, ~25 s): the end-round step of the round in which the Axis take
Britain declares their win, as the save's history and our save reader show. (Income and battleship timing are
checked on the plain spec's game in test_real_games.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler.compile import compile_spec
from compiler.engine import events as ev
from compiler.saves import SaveGame, read_save

ROOT = Path(__file__).resolve().parents[2]
SEED = 3
BRITAIN = ("  Britain: {production: 500, capital: Allies, victory_city: true, owner: Allies,\n"
           "            units: {barracks: 6, tank_factory: 2, aircraft_factory: 1, shipyard: 1, infantry: 80, "
           "tank: 24,\n"
           "                    aircraft: 11, battleship: 5}}")
EGYPT = "  Egypt: {production: 220, units: {barracks: 2, infantry: 9}}"


def sudden_death_variant(text: str) -> str:
    """The spec with Britain held by 1 Allied infantry and 40 Axis tanks in Egypt, next to it."""
    assert text.count(BRITAIN) == 1 and text.count(EGYPT) == 1, "allies_vs_axis.yaml changed: update the variant"
    text = text.replace(BRITAIN, "  Britain: {production: 500, capital: Allies, victory_city: true, owner: Allies, "
                                 "units: {infantry: 1}}")
    return text.replace(EGYPT, "  Egypt: {production: 220, owner: Axis, units: {tank: 40}}")


@pytest.fixture(scope="module")
def played(current_triplea: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, SaveGame]:
    folder = tmp_path_factory.mktemp("ava-sudden-death")
    spec = folder / "allies_vs_axis_sudden_death.yaml"
    spec.write_text(sudden_death_variant((ROOT / "specs" / "allies_vs_axis.yaml").read_text(encoding="utf-8")),
                    encoding="utf-8")
    compiled = compile_spec(spec, current_triplea.name)
    assert compiled.ok and compiled.xml is not None, [p.message for p in compiled.problems if p.is_error]
    xml = folder / "allies_vs_axis_sudden_death.xml"
    xml.write_text(compiled.xml, encoding="utf-8")
    game = current_triplea.ai_game(xml, 3, folder / "sudden_death.tsvg", SEED)
    return game, read_save(game.save)


def test_taking_the_enemy_main_country_wins_at_the_end_of_the_round(played: tuple[Any, SaveGame]) -> None:
    game, saved = played
    taken = [e for e in saved.events if isinstance(e, ev.OwnershipChange) and e.territory == "Britain"
             and e.new_owner == "Axis"]
    assert taken, "the Axis never took Britain: the variant proves nothing"
    won = taken[0].round
    assert (game.rounds_played, game.game_over, game.winners) == (won, True, ("Axis",))
    [victory] = [e for e in saved.events if isinstance(e, ev.Victory)]
    assert (victory.round, victory.step) == (won, "endRoundStep")
    assert victory.text == "Axis achieve TOTAL VICTORY with 2 Victory Cities!"
    assert (saved.outcome.game_over, saved.outcome.winners) == (True, ["Axis"])
    assert saved.state.owners["Britain"] == "Axis" and saved.state.owners["Germany"] == "Axis"
