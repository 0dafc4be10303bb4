"""The engine core: events change the board; turn starts are snapshotted; worlds read maps."""

from __future__ import annotations

import pytest

from compiler.engine import events as ev
from compiler.engine.replay import Engine
from compiler.engine.rules.base import HouseRule, RuleParams
from compiler.engine.state import GameState, UnitStack
from compiler.engine.world import build_world


def _u(t: str, o: str, n: int = 1) -> list[UnitStack]:
    return [UnitStack(type=t, owner=o, count=n)]


class Spy(HouseRule):
    """Records what the board looked like at the start of each turn."""

    id = "spy"
    Params = RuleParams

    def setup(self) -> None:
        self.starts: list[tuple[int, str | None, str | None]] = []

    def start_turn(self, ctx):
        self.starts.append((ctx.round, ctx.player, ctx.turn_start.owners.get("East Europe")))
        return ()


def test_replay_changes_the_board(world):
    w = world("classic")
    spy = Spy(RuleParams(), w)
    engine = Engine(w, [spy], w.initial)
    for e in [
        ev.StepStart(round=1, player="Russians", step="russianCombatMove"),
        ev.Move(round=1, player="Russians", units=_u("infantry", "Russians", 2),
                route=["Karelia S.S.R.", "East Europe"]),
        ev.Battle(round=1, player="Russians", territory="East Europe", attacker="Russians",
                  attacker_losses=_u("infantry", "Russians"), defender_losses=_u("infantry", "Germans", 3)),
        ev.OwnershipChange(round=1, player="Russians", territory="East Europe", new_owner="Russians"),
        ev.ResourceChange(round=1, player="Russians", resource="PUs", amount=5),
        ev.Purchase(round=1, player="Russians", units=_u("infantry", "Russians"), cost={"PUs": 3}),
        ev.Place(round=1, player="Russians", territory="Russia", units=_u("infantry", "Russians")),
        ev.StepStart(round=1, player="Germans", step="germanPolitics"),
        ev.PoliticalAction(round=1, player="Germans", action="peace", players=["Russians"], new_relationship="Allied"),
    ]:
        engine.feed(e)
    engine.finish()
    state = engine.state()
    east = {(s.type, s.owner): s.count for s in state.units["East Europe"]}
    assert east[("infantry", "Russians")] == 1 and ("infantry", "Germans") not in east
    assert state.owners["East Europe"] == "Russians"
    assert state.resources["Russians"]["PUs"] == w.initial.resources["Russians"]["PUs"] + 2
    assert state.relationships[GameState.pair("Germans", "Russians")] == "Allied"
    assert engine.ctx.relationship("Germans", "Russians") == "allied"
    assert spy.starts == [(1, "Russians", "Germans"), (1, "Germans", "Russians")]


def test_world_reads_the_map(world):
    w = world("aggression")
    assert {c.name for c in w.canals} == {"Suez Canal", "Kiel Canal", "Panama Canal"}
    assert w.turn_order[:3] == ["Germany", "Russia", "Italy"]
    assert w.archetype("War") == "war" and w.archetype("Allied") == "allied"
    assert w.phase("germanyNonCombatMove") == "noncombat-move" and w.phase("germanyCombatMove") == "combat-move"
    assert w.phase("germanyPlace") == "place" and w.phase("germanyPurchase") == "purchase"
    assert w.unit("fighter").is_air and w.unit("destroyer").is_sea and w.unit("infantry").is_land
    assert w.members("Axis") == {"Germany", "Italy", "Japan"}
    c = world("classic")
    assert c.initial.relationships[GameState.pair("Germans", "Japanese")] == "Allied"
    assert c.initial.relationships[GameState.pair("Germans", "British")] == "War"
    assert c.distance("Germany", {"Poland", "Karelia S.S.R."}) == 2


def _units(state: GameState) -> dict[tuple[str, str, str], int]:
    out: dict[tuple[str, str, str], int] = {}
    for territory, stacks in state.units.items():
        for s in stacks:
            key = (territory, s.type, s.owner)
            out[key] = out.get(key, 0) + s.count
    return out


@pytest.mark.parametrize(("save", "xml"), [
    ("nwo_smalls_ai_game_during_combat", "new_world_order_smalls"),
    ("revised_during_land_to_land_combat", "ww2v2"),
    ("revisted_start_of_game", "ww2v2"),
])
def test_replaying_a_real_save_reaches_its_recorded_state(shared, save, xml):
    """From the game XML's start, the save's history leads exactly to the state the save holds."""
    from compiler.saves import read_save
    from compiler.xml.parse import parse_file

    saved = read_save(shared / "reference" / "saves" / f"{save}.tsvg")
    w = build_world(parse_file(shared / "reference" / "corpus" / f"{xml}.xml").model)
    engine = Engine(w, [], w.initial)
    for event in saved.events:
        engine.feed(event)
    state = engine.state()
    assert {t: o for t, o in state.owners.items()} == {t: saved.state.owners.get(t) for t in state.owners}
    assert _units(state) == _units(saved.state)
    assert {p: r for p, r in state.resources.items() if p in saved.state.resources} == saved.state.resources


def test_political_actions_change_the_right_pairs():
    from compiler.engine.replay import relationship_pairs

    own = ev.PoliticalAction(round=1, player="A", action="x", players=["B"], new_relationship="War")
    assert relationship_pairs(own) == [("A", "B")]
    many = ev.PoliticalAction(round=1, player="A", action="x", players=["B", "C", "D"], new_relationship="War")
    assert relationship_pairs(many) == [("A", "B"), ("A", "C"), ("A", "D")]
    both = ev.PoliticalAction(round=1, player="A", action="x", players=["A", "B"], new_relationship="War")
    assert relationship_pairs(both) == [("A", "B")]
    # as the save reader writes them: the pair the change is about, whoever's step it is
    others = ev.PoliticalAction(round=1, player="P", action="trigger", players=["X", "Y"], new_relationship="War")
    assert relationship_pairs(others) == [("X", "Y")]


def test_only_steps_change_the_player_once_the_history_has_steps(world):
    w = world("classic")
    spy = Spy(RuleParams(), w)
    engine = Engine(w, [spy], w.initial)
    for e in [
        ev.StepStart(round=1, player="Germans", step="germanBattle"),
        ev.ResourceChange(round=1, player="Russians", resource="PUs", amount=-2, reason="Battle in Karelia"),
        ev.Move(round=1, player="Germans", units=_u("fighter", "Germans"), route=["Karelia S.S.R.", "East Europe"]),
    ]:
        engine.feed(e)
    assert [p for _, p, _ in spy.starts] == ["Germans"] and engine.ctx.player == "Germans"
    # a log without steps: the events' players mark the turns
    spy = Spy(RuleParams(), w)
    engine = Engine(w, [spy], w.initial)
    for player in ("Germans", "Russians", "Russians", "Germans"):
        engine.feed(ev.Note(round=1, player=player, text="x"))
    assert [p for _, p, _ in spy.starts] == ["Germans", "Russians", "Germans"]
