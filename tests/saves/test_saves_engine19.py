"""A save written by the real TripleA 1.9 engine reads (its DelegateList writes no fields)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from saves_java import CLASSIC, run_harness

from compiler.engine.events import (
    Battle,
    Capture,
    Move,
    OwnershipChange,
    Place,
    PoliticalAction,
    Purchase,
    ResourceChange,
    StepStart,
    Victory,
)
from compiler.saves import read_save
from compiler.xml.parse import parse_file


@pytest.fixture(scope="module")
def save19(triplea_jar: Path, shared: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save written by the real TripleA 1.9 engine: Classic with a purchase, move, battle, place,
    political action, income, unit hand-over and victory (tests/saves/java/MakeSave19.java)."""
    work = tmp_path_factory.mktemp("save19")
    out = work / "classic19.tsvg"
    run_harness("MakeSave19", triplea_jar, work, [
        str(shared / CLASSIC), str(out), "Germans", "East Europe", "Karelia S.S.R.", "armour", "1", "infantry",
        "Germany"])
    return out


def test_engine19_save_state(save19: Path, shared: Path) -> None:
    model = parse_file(shared / CLASSIC).model
    save = read_save(save19)
    assert save.engine_version.startswith("1.9")
    state = save.state
    assert state.game == model.info.name == "World War II Classic"

    owners = {o.territory: o.owner for o in model.territory_owners}
    owners["Karelia S.S.R."] = "Germans"  # conquered in the harness's battle
    assert {t: o for t, o in state.owners.items() if o} == owners

    placed: dict[str, Counter] = {t.name: Counter() for t in model.territories}
    for p in model.unit_placements:
        placed[p.territory][(p.unit_type, p.owner or "Neutral")] += int(p.quantity)
    placed["East Europe"][("armour", "Germans")] -= 1
    placed["Karelia S.S.R."] = Counter({("armour", "Russians"): 1})  # handed over at the end
    placed["Germany"][("infantry", "Germans")] += 1
    got = {t: Counter({(s.type, s.owner): s.count for s in stacks}) for t, stacks in state.units.items()}
    assert got == {t: +c for t, c in placed.items()}

    given = {g.player: int(g.quantity) for g in model.resources_given if g.resource == "PUs"}
    given["Germans"] += 10 - 5
    assert {p: r["PUs"] for p, r in state.resources.items()} == given
    assert state.relationships["Germans|Russians"] == "default_allied_relation"  # the political action
    assert state.relationships["Germans|Japanese"] == "default_allied_relation"
    assert state.relationships["British|Germans"] == "default_war_relation"


def test_engine19_save_history(save19: Path) -> None:
    events = read_save(save19).events
    assert all(e.round == 1 for e in events)
    steps = [e.step for e in events if isinstance(e, StepStart)]
    assert steps == ["germanPurchase", "germanCombatMove", "germanBattle", "germanPlace", "GermansPolitics",
                     "germanEndTurn"]
    assert all(e.player == "Germans" for e in events)
    kinds = [e.type for e in events if not isinstance(e, StepStart)]
    assert kinds == ["purchase", "move", "battle", "ownership", "place", "political", "note", "resources", "note",
                     "capture", "victory"]
    purchase = next(e for e in events if isinstance(e, Purchase))
    assert [(s.type, s.count) for s in purchase.units] == [("infantry", 1)] and purchase.cost == {"PUs": 5}
    move = next(e for e in events if isinstance(e, Move))
    assert move.route == ["East Europe", "Karelia S.S.R."] and move.step == "germanCombatMove"
    assert [(s.type, s.owner, s.count) for s in move.units] == [("armour", "Germans", 1)]
    battle = next(e for e in events if isinstance(e, Battle))
    assert (battle.territory, battle.attacker, battle.defender, battle.result) == (
        "Karelia S.S.R.", "Germans", "Russians", "attacker_won")
    assert sum(s.count for s in battle.defender_losses) > 0 and not battle.attacker_losses
    conquest = next(e for e in events if isinstance(e, OwnershipChange))
    assert (conquest.territory, conquest.old_owner, conquest.new_owner) == ("Karelia S.S.R.", "Russians", "Germans")
    place = next(e for e in events if isinstance(e, Place))
    assert place.territory == "Germany" and [(s.type, s.count) for s in place.units] == [("infantry", 1)]
    politics = next(e for e in events if isinstance(e, PoliticalAction))
    assert sorted(politics.players) == ["Germans", "Russians"] and politics.success
    assert politics.new_relationship == "default_allied_relation"
    income = next(e for e in events if isinstance(e, ResourceChange))
    assert (income.player, income.resource, income.amount) == ("Germans", "PUs", 10)
    [handover] = [e for e in events if isinstance(e, Capture)]
    victory = events[-1]
    assert isinstance(victory, Victory) and victory.winners == ["Axis"]
    assert (handover.territory, handover.new_owner, handover.count) == ("Karelia S.S.R.", "Russians", 1)
