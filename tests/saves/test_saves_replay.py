"""The history agrees with the state: replaying a save's events over its game XML gives its state.

Owners: the XML's territory owners, then every OwnershipChange in order (each one's old owner must
be the owner at that moment). Resources: the XML's resources, then every ResourceChange and
purchase cost. Both must end equal to the save's own state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from saves_java import CLASSIC, run_harness

from compiler.engine.events import Battle, Move, OwnershipChange, Purchase, ResourceChange, StepStart
from compiler.model.game import GameModel
from compiler.saves import SaveGame, read_save
from compiler.xml.parse import parse_file


@pytest.fixture(scope="module")
def ai_game19(triplea_jar: Path, shared: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two rounds of World War II Classic played by TripleA 1.9's own AIs (random dice)."""
    work = tmp_path_factory.mktemp("aigame19")
    out = work / "classic_ai.tsvg"
    run_harness("PlayAiGame19", triplea_jar, work, [str(shared / CLASSIC), str(out), "2"])
    return out


def _replay(model: GameModel, save: SaveGame) -> None:
    owners: dict[str, str | None] = {t.name: None for t in model.territories}
    owners.update({o.territory: o.owner for o in model.territory_owners})
    resources: dict[str, dict[str, int]] = {p.name: {} for p in model.players}
    for given in model.resources_given:
        held = resources[given.player]
        held[given.resource] = held.get(given.resource, 0) + int(given.quantity)
    for event in save.events:
        if isinstance(event, OwnershipChange):
            assert owners[event.territory] == event.old_owner, event
            owners[event.territory] = event.new_owner
        elif isinstance(event, ResourceChange):
            held = resources[event.player]
            held[event.resource] = held.get(event.resource, 0) + event.amount
        elif isinstance(event, Purchase):
            for resource, amount in event.cost.items():
                resources[event.player][resource] -= amount
    assert owners == save.state.owners
    assert resources == save.state.resources


@pytest.mark.parametrize(("xml", "save"), [
    ("ww2v2.xml", "revised_during_land_to_land_combat.tsvg"),
    ("new_world_order_smalls.xml", "nwo_smalls_ai_game_during_combat.tsvg"),
])
def test_reference_history_replays_to_state(shared: Path, xml: str, save: str) -> None:
    model = parse_file(shared / "reference" / "corpus" / xml).model
    game = read_save(shared / "reference" / "saves" / save)
    assert game.state.game == model.info.name
    _replay(model, game)


def test_ai_game19_history(ai_game19: Path, shared: Path) -> None:
    model = parse_file(shared / CLASSIC).model
    save = read_save(ai_game19)
    assert save.engine_version.startswith("1.9") and save.state.round == 3
    _replay(model, save)

    connected = {frozenset((c.t1, c.t2)) for c in model.connections}
    players = {p.name for p in model.players}
    step = None
    for event in save.events:
        if isinstance(event, StepStart):
            step = event
            continue
        assert step is not None and event.round == step.round and event.step == step.step
        if not isinstance(event, ResourceChange):  # a captured capital's treasure moves between players
            assert event.player == step.player
        if isinstance(event, Move):
            assert event.units and len(event.route) >= 2
            assert all(frozenset(pair) in connected for pair in zip(event.route, event.route[1:], strict=False))
        if isinstance(event, Battle):
            assert event.attacker == step.player and event.defender in players
            assert event.result in ("attacker_won", "defender_won", "draw", "bombing_raid", None)
    rounds = {e.round for e in save.events}
    assert rounds == {1, 2}
    stepped = {e.player for e in save.events if isinstance(e, StepStart) and e.player}
    assert stepped == players
    assert any(isinstance(e, Battle) for e in save.events)
