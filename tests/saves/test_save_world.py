"""The game a save carries, read from the save alone, is the game its XML describes; check-save needs no XML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.engine.world import World, build_world
from compiler.load import load_game
from compiler.saves import read_save

DATA = Path(__file__).parent / "data"
# What TripleA makes itself and a game model does not say: the relationship types of a player with itself and with
# the null player, and the names of the default ones for a game that declares none (our reading says Allied, War)
OWN_TYPES = ("self_relation", "null_relation")
DEFAULT_TYPES = {"default_allied_relation": "Allied", "default_war_relation": "War"}
AIR_RANGE = 'air-range:{"ranges": {"Bomber": {"combat": 3}}}'


def _facts(world: World) -> dict[str, Any]:
    """A world's facts as compared: a canal's land territories as a set (a save keeps them in a set)."""
    return {
        "name": world.name, "players": world.players, "turn_order": world.turn_order, "steps": world.steps,
        "alliance": {p: sorted(a) for p, a in world.alliance.items()},
        "units": world.units, "production": world.production, "capitals": world.capitals, "costs": world.costs,
        "canals": sorted((c.name, sorted(c.sea_zones), sorted(c.territories)) for c in world.canals),
        "territories": world.map.territories, "water": world.map.water,
        "borders": {t: sorted(n) for t, n in world.map.adjacency.items()},
    }


def _same_game(save: Path, game: Path) -> None:
    carried = read_save(save, world=True).world
    assert carried is not None
    from_xml = build_world(load_game(game).model)
    mine, theirs = _facts(carried), _facts(from_xml)
    assert {k: v for k, v in mine.items() if v != theirs[k]} == {}
    assert mine["canals"] or mine["units"], "nothing compared"
    types = [t for t in carried.archetypes if t not in OWN_TYPES]
    assert types and {t: carried.archetype(t) for t in types} == {
        t: from_xml.archetype(DEFAULT_TYPES.get(t, t)) for t in types}


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
