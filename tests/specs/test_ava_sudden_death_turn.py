"""Allies vs. Axis, Sudden Death in a real game: the side that loses its main country loses before it plays again.

Document line 81: "Sudden Death (1 player lost main country, Britain or Germany)". TripleA checks the victory
cities in its end-round delegate; the spec runs that delegate after the Allies' turn too (step
alliesVictoryCheck), not only at the end of the round. A variant where the Allies can take Germany at once (40
Allied tanks on Strategy II next to it, Germany held by 1 infantry) and the Axis could take it back from Italy
(60 tanks) is played by the current release's Hard AI: the Allies win in the step after their own turn, and the
Axis never play that round. Without the step the Axis would move first and the end-round check come too late.
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
GERMANY = ("  Germany: {production: 500, capital: Axis, victory_city: true, owner: Axis,\n"
           "            units: {barracks: 6, tank_factory: 2, aircraft_factory: 1, shipyard: 1, infantry: 80, "
           "tank: 24,\n"
           "                    aircraft: 11, battleship: 5}}")
STRATEGY_II = "  Strategy II: {production: 0, options: {territoryEffect: Landlocked}}"
ITALY = ("  Italy: {production: 300, owner: Axis, units: {barracks: 4, tank_factory: 1, infantry: 10, tank: 3, "
         "aircraft: 1}}")


def germany_falls_variant(text: str) -> str:
    """The spec with Germany held by 1 Axis infantry, 40 Allied tanks next to it and 60 Axis tanks in Italy."""
    for piece in (GERMANY, STRATEGY_II, ITALY):
        assert text.count(piece) == 1, f"allies_vs_axis.yaml changed: update the variant ({piece.split(':')[0]})"
    text = text.replace(GERMANY, "  Germany: {production: 500, capital: Axis, victory_city: true, owner: Axis, "
                                 "units: {infantry: 1}}")
    text = text.replace(STRATEGY_II, "  Strategy II: {production: 0, owner: Allies, "
                                     "options: {territoryEffect: Landlocked}, units: {tank: 40}}")
    return text.replace(ITALY, "  Italy: {production: 300, owner: Axis, units: {tank: 60}}")


@pytest.fixture(scope="module")
def played(current_triplea: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, SaveGame]:
    folder = tmp_path_factory.mktemp("ava-germany-falls")
    spec = folder / "allies_vs_axis_germany_falls.yaml"
    spec.write_text(germany_falls_variant((ROOT / "specs" / "allies_vs_axis.yaml").read_text(encoding="utf-8")),
                    encoding="utf-8")
    compiled = compile_spec(spec, current_triplea.name)
    assert compiled.ok and compiled.xml is not None, [p.message for p in compiled.problems if p.is_error]
    xml = folder / "allies_vs_axis_germany_falls.xml"
    xml.write_text(compiled.xml, encoding="utf-8")
    game = current_triplea.ai_game(xml, 3, folder / "germany_falls.tsvg", SEED)
    return game, read_save(game.save)


def test_losing_the_main_country_loses_before_the_loser_plays_again(played: tuple[Any, SaveGame]) -> None:
    game, saved = played
    taken = [e for e in saved.events if isinstance(e, ev.OwnershipChange) and e.territory == "Germany"
             and e.new_owner == "Allies"]
    assert taken, "the Allies never took Germany: the variant proves nothing"
    won = taken[0].round
    [victory] = [e for e in saved.events if isinstance(e, ev.Victory)]
    assert (victory.round, victory.step) == (won, "alliesVictoryCheck")
    assert victory.text == "Allies achieve TOTAL VICTORY with 2 Victory Cities!"
    assert (game.game_over, game.winners) == (True, ("Allies",))
    axis_steps = [e.step for e in saved.events if isinstance(e, ev.StepStart) and e.round == won
                  and e.player == "Axis"]
    assert axis_steps == [], axis_steps
    assert saved.state.owners["Germany"] == "Allies"
