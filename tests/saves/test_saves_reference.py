"""Real TripleA 2.x saves read into state and history."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compiler.engine.events import Battle, Move, OwnershipChange, Purchase, StepStart
from compiler.saves import read_save
from compiler.xml.parse import parse_file


def test_every_reference_save_reads(shared: Path) -> None:
    saves = sorted((shared / "reference" / "saves").glob("*.tsvg"))
    assert len(saves) >= 3
    for path in saves:
        save = read_save(path)
        assert save.engine_version.startswith("2."), path
        state = save.state
        assert state.game and state.round >= 1 and state.step, path
        assert len(state.owners) > 50, path
        assert any(state.units.values()), path
        assert state.resources and all("PUs" in r for r in state.resources.values()), path
        assert state.relationships, path
        assert save.events and isinstance(save.events[0], StepStart), path


def _revised_xml(shared: Path) -> Path:
    """The corpus game whose name is 'World War II Revised' (the start-of-game save's game)."""
    found = []
    for xml in sorted((shared / "reference" / "corpus").glob("*.xml")):
        head = xml.read_text(encoding="utf-8", errors="replace")[:2000]
        if 'name="World War II Revised"' in head:
            found.append(xml)
    assert len(found) == 1, found
    return found[0]


def test_start_of_game_equals_revised_xml(shared: Path) -> None:
    model = parse_file(_revised_xml(shared)).model
    state = read_save(shared / "reference" / "saves" / "revisted_start_of_game.tsvg").state
    assert state.game == model.info.name == "World War II Revised"

    owners: dict[str, str | None] = {t.name: None for t in model.territories}
    owners.update({o.territory: o.owner for o in model.territory_owners})
    assert state.owners == owners

    expected_units: dict[str, Counter] = {t.name: Counter() for t in model.territories}
    for p in model.unit_placements:
        expected_units[p.territory][(p.unit_type, p.owner or "Neutral")] += int(p.quantity)
    got_units = {name: Counter({(s.type, s.owner): s.count for s in stacks})
                 for name, stacks in state.units.items()}
    assert got_units == {name: +counts for name, counts in expected_units.items()}

    resources: dict[str, dict[str, int]] = {p.name: {} for p in model.players}
    for given in model.resources_given:
        resources[given.player][given.resource] = resources[given.player].get(given.resource, 0) + int(
            given.quantity)
    assert state.resources == resources
    assert (state.round, state.step, state.player) == (1, "russianTech", "Russians")


def _check_when(events: list, players: set[str]) -> None:
    current = None
    for event in events:
        assert event.round == 1
        if isinstance(event, StepStart):
            current = (event.step, event.player)
            continue
        assert current is not None and (event.step, event.player) == current
        assert event.player is None or event.player in players


@pytest.mark.parametrize("name", ["revised_during_land_to_land_combat", "nwo_smalls_ai_game_during_combat"])
def test_in_combat_history_is_sensible(shared: Path, name: str) -> None:
    save = read_save(shared / "reference" / "saves" / f"{name}.tsvg")
    players = set(save.state.resources)
    _check_when(save.events, players)
    moves = [e for e in save.events if isinstance(e, Move)]
    assert moves and all(len(m.route) >= 2 and m.units for m in moves)
    assert all(m.step.endswith("CombatMove") for m in moves)
    for move in moves:  # every route is a walk over territories of the map
        assert set(move.route) <= set(save.state.owners)
    purchases = [e for e in save.events if isinstance(e, Purchase)]
    assert len(purchases) == 1 and purchases[0].cost.get("PUs", 0) > 0
    battles = [e for e in save.events if isinstance(e, Battle)]
    assert battles and battles[-1].step == save.state.step  # the save stops in the battle step
    assert all(b.attacker == save.state.player for b in battles)


def test_revised_history_details(shared: Path) -> None:
    save = read_save(shared / "reference" / "saves" / "revised_during_land_to_land_combat.tsvg")
    moves = [e for e in save.events if isinstance(e, Move)]
    assert [m.route for m in moves] == [["Russia", "West Russia"], ["Archangel", "West Russia"]]
    first = {(s.type, s.count) for s in moves[0].units}
    assert first == {("armour", 2), ("artillery", 1), ("fighter", 1), ("infantry", 3)}
    purchase = next(e for e in save.events if isinstance(e, Purchase))
    assert [(s.type, s.owner, s.count) for s in purchase.units] == [("infantry", "Russians", 1)]
    assert purchase.cost == {"PUs": 3}
    battle = next(e for e in save.events if isinstance(e, Battle))
    assert (battle.territory, battle.attacker, battle.defender, battle.result) == (
        "West Russia", "Russians", "Germans", None)
    [first_round] = battle.rounds  # the save stops in the battle's first combat round (TripleA's round 2)
    [roll] = first_round.rolls
    assert (first_round.number, roll.firing, roll.hits) == (2, "Russians", 1)
    assert roll.dice == [6, 2, 2, 6, 6, 6, 4, 4, 6, 1, 6]


def test_nwo_battles_and_conquests(shared: Path) -> None:
    save = read_save(shared / "reference" / "saves" / "nwo_smalls_ai_game_during_combat.tsvg")
    battles = {b.territory: b for b in save.events if isinstance(b, Battle)}
    netherlands = battles["Netherlands"]
    assert netherlands.result == "attacker_won"
    assert {(s.type, s.count) for s in netherlands.attacker_losses} == {("Infantry", 1)}
    assert sum(s.count for s in netherlands.defender_losses) == 4
    assert [[roll.firing for roll in r.rolls] for r in netherlands.rounds] == [["Germans", "Neutral"]] * 2
    lost = [s for r in netherlands.rounds for s in r.casualties]  # both sides' casualties, round by round
    assert sum(s.count for s in lost) == 5 and {s.owner for s in lost} == {"Germans", "Neutral"}
    conquests = [e for e in save.events if isinstance(e, OwnershipChange)]
    assert ("Netherlands", None, "Germans") in {(c.territory, c.old_owner, c.new_owner) for c in conquests}
    for conquest in conquests:  # the state agrees with the history's conquests
        assert save.state.owners[conquest.territory] == conquest.new_owner
