"""Allies vs. Axis in real games of the current TripleA release: Sudden Death ends the game.

The document's Sudden Death (line 81: a player who loses his main country, Britain or Germany, loses) is
TripleA's Total Victory here: Britain and Germany are the only victory cities and each side needs both.
TripleA checks victory cities in its end-round delegate; the spec runs that delegate after the Allies' turn
too (step alliesVictoryCheck), so the Allies' win comes before the Axis play again. Two variants of the spec
are played by the release's Hard AI (`ai-game.sh --seed 3`):
- the Axis can take Britain at once (40 Axis tanks in Egypt, Britain held by 1 infantry): the end-round step of
  that round declares their win;
- the Allies can take Germany at once (40 Allied tanks on Strategy II, Germany held by 1 infantry) and the Axis
  could take it back from Italy (60 tanks): the Allies win in alliesVictoryCheck and the Axis never play that
  round (without the step they would move first and the end-round check come too late).
(Income and battleship timing are checked on the plain spec's game in test_real_games.py.)
"""

from __future__ import annotations

from collections.abc import Callable
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


def play_variant(current_triplea: Any, folder: Path, name: str, variant: Callable[[str], str]) -> tuple[Any, SaveGame]:
    """The spec changed by `variant`, compiled and played for 3 rounds by the release's AI; its save read."""
    spec = folder / f"{name}.yaml"
    spec.write_text(variant((ROOT / "specs" / "allies_vs_axis.yaml").read_text(encoding="utf-8")), encoding="utf-8")
    compiled = compile_spec(spec, current_triplea.name)
    assert compiled.ok and compiled.xml is not None, [p.message for p in compiled.problems if p.is_error]
    xml = folder / f"{name}.xml"
    xml.write_text(compiled.xml, encoding="utf-8")
    game = current_triplea.ai_game(xml, 3, folder / f"{name}.tsvg", SEED)
    return game, read_save(game.save)


@pytest.fixture(scope="module")
def played(current_triplea: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, SaveGame]:
    return play_variant(current_triplea, tmp_path_factory.mktemp("ava-sudden-death"), "allies_vs_axis_sudden_death",
                        sudden_death_variant)


@pytest.fixture(scope="module")
def germany_falls(current_triplea: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, SaveGame]:
    return play_variant(current_triplea, tmp_path_factory.mktemp("ava-germany-falls"),
                        "allies_vs_axis_germany_falls", germany_falls_variant)


def _round_taken(saved: SaveGame, territory: str, by: str) -> int:
    """The round `by` first took `territory` in the saved game (fails when it never did: nothing is proven)."""
    taken = [e for e in saved.events if isinstance(e, ev.OwnershipChange) and e.territory == territory
             and e.new_owner == by]
    assert taken, f"{by} never took {territory}: the variant proves nothing"
    return taken[0].round


def test_taking_the_enemy_main_country_wins_at_the_end_of_the_round(played: tuple[Any, SaveGame]) -> None:
    game, saved = played
    won = _round_taken(saved, "Britain", "Axis")
    assert (game.rounds_played, game.game_over, game.winners) == (won, True, ("Axis",))
    [victory] = [e for e in saved.events if isinstance(e, ev.Victory)]
    assert (victory.round, victory.step) == (won, "endRoundStep")
    assert victory.text == "Axis achieve TOTAL VICTORY with 2 Victory Cities!"
    assert (saved.outcome.game_over, saved.outcome.winners) == (True, ["Axis"])
    assert saved.state.owners["Britain"] == "Axis" and saved.state.owners["Germany"] == "Axis"


def test_losing_the_main_country_loses_before_the_loser_plays_again(germany_falls: tuple[Any, SaveGame]) -> None:
    game, saved = germany_falls
    won = _round_taken(saved, "Germany", "Allies")
    [victory] = [e for e in saved.events if isinstance(e, ev.Victory)]
    assert (victory.round, victory.step) == (won, "alliesVictoryCheck")
    assert victory.text == "Allies achieve TOTAL VICTORY with 2 Victory Cities!"
    assert (game.game_over, game.winners) == (True, ("Allies",))
    axis_steps = [e.step for e in saved.events if isinstance(e, ev.StepStart) and e.round == won
                  and e.player == "Axis"]
    assert axis_steps == [], axis_steps
    assert saved.state.owners["Germany"] == "Allies"
