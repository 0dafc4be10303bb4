"""The rule constructs of the spec language (politics.schedule, objectives, victory) lower to the
rulesAttachment / triggerAttachment options TripleA reads."""

from __future__ import annotations

import pytest

from compiler.checks import run_checks
from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.problems import ProblemsFound
from compiler.spec import load_spec_text

BASE = """
game: {name: Mini, map_name: mini}
resources: [PUs]
players: {A: {alliance: X}, B: {alliance: Y}, N: {alliance: None}}
relationship_types: {Allied: allied, War: war}
relationships: {within: Allied, between: War}
units: {infantry: {cost: 3, movement: 1, attack: 1, defense: 2}, cruiser: {movement: 2, options: {isSea: true}}}
territories:
  T1: {owner: A, production: 5, capital: A}
  T2: {owner: B, production: 5, capital: B}
  T3: {owner: N, production: 2, units: {infantry: 1}}
  Sea: {water: true}
connections: {T1: [T2, Sea], T2: [T3, Sea]}
sequence:
  - {turns: {players: {A: a, B: b}, phases: [CombatMove, Battle, NonCombatMove, Purchase, Place, EndTurn]}}
"""


def lowered(extra: str) -> GameModel:
    model, problems = lower_spec(load_spec_text(BASE + extra, "mini.yaml"))
    errors = [str(p) for p in problems + run_checks(model, engine="2.x") if p.is_error]
    assert not errors, errors
    return model


def opts(model: GameModel, name: str) -> list[tuple[str, str, str]]:
    (attachment,) = [a for a in model.attachments if a.name == name]
    return [(o.name, o.value, o.count) for o in attachment.options]


def test_scheduled_event() -> None:
    model = lowered("""
politics:
  schedule:
    - name: NJoinsA
      round: 3
      when: after:bEndTurn
      player: A
      transfer: [{from: N, to: A, territories: [T3]}]
      place: {Sea: {cruiser: 2}}
      remove: [{player: N, units: {T3: {infantry: 1}}}]
      relationships: [{players: [A, N], to: Allied}]
      notification: N_JOINS
""")
    assert opts(model, "conditionAttachmentNJoinsA") == [("rounds", "3", "")]
    assert opts(model, "triggerAttachmentNJoinsA") == [
        ("conditions", "conditionAttachmentNJoinsA", ""), ("when", "after:bEndTurn", ""),
        ("changeOwnership", "T3:N:A:true", ""), ("placement", "Sea:cruiser", "2"),
        ("relationshipChange", "A:N:any:Allied", ""), ("notification", "N_JOINS", "")]
    assert opts(model, "triggerAttachmentNJoinsARemove") == [
        ("conditions", "conditionAttachmentNJoinsA", ""), ("when", "after:bEndTurn", ""),
        ("removeUnits", "T3:infantry", "1")]
    assert [a.attach_to for a in model.attachments if a.name == "triggerAttachmentNJoinsARemove"] == ["N"]


def test_objective() -> None:
    model = lowered("""
objectives:
  - name: Trade
    player: A
    value: 5
    owns: [{territories: [T1, T2, T3], count: 2}, {territories: [T1], allied: false}]
    no_enemy_units_in: [Sea]
    not_at_war_with: [N]
    rounds: 2-10
    uses: 3
""")
    assert opts(model, "objectiveAttachmentTrade") == [
        ("objectiveValue", "5", ""), ("alliedOwnershipTerritories", "T1:T2:T3", "2"),
        ("directOwnershipTerritories", "T1", "1"), ("enemyExclusionTerritories", "Sea", "1"),
        ("atWarPlayers", "N", "0"), ("rounds", "2-10", ""), ("uses", "3", "")]


def test_objective_refuses_two_lists_of_a_kind() -> None:
    with pytest.raises(ProblemsFound) as caught:
        load_spec_text(BASE + """
objectives: [{name: O, player: A, value: 1, owns: [{territories: [T1]}, {territories: [T2]}]}]
""", "mini.yaml")
    assert "one allied ownership list" in str(caught.value.problems[0])


def test_victory_with_several_ownerships() -> None:
    model = lowered("""
victory:
  - name: AWins
    winners: [A]
    message: A_WINS
    game_property: Use Victory
    owns: [{territories: [T1]}, {territories: [T2, T3], count: 1}]
    when: [after:aBattle]
""")
    assert opts(model, "conditionAttachmentAWins") == [
        ("gameProperty", "Use Victory", ""), ("alliedOwnershipTerritories", "T1", "1")]
    assert opts(model, "conditionAttachmentAWins2") == [("alliedOwnershipTerritories", "T2:T3", "1")]
    assert opts(model, "triggerAttachmentAWins") == [
        ("conditions", "conditionAttachmentAWins:conditionAttachmentAWins2", ""), ("when", "after:aBattle", ""),
        ("victory", "A_WINS", ""), ("players", "A", "")]


def test_bad_event_when_is_located() -> None:
    with pytest.raises(ProblemsFound) as caught:
        load_spec_text(BASE + "politics: {schedule: [{name: E, round: 1, when: whenever, player: A}]}\n", "mini.yaml")
    problem = caught.value.problems[0]
    assert problem.location.line > 1 and "when" in problem.message


def test_victory_trigger_turns_use_triggers_on() -> None:
    """A trigger with `when` fires only with "Use Triggers" on: added when the spec does not say it."""
    victory = """
victory: [{name: AWins, winners: [A], message: A_WINS, owns: {territories: [T2]}, when: [after:aBattle]}]
"""
    model = lowered(victory)
    assert [(p.name, p.value, p.kind) for p in model.properties if p.name == "Use Triggers"] == [
        ("Use Triggers", "true", "boolean")]
    model, problems = lower_spec(load_spec_text(BASE + victory + "properties: {Use Triggers: false}\n", "mini.yaml"))
    [problem] = [p for p in problems if p.is_error]
    assert "fires only with 'Use Triggers' on" in problem.message and problem.location.line > 1


VC_BASE = BASE.replace("capital: A}", "capital: A, victory_city: true}").replace("capital: B}", "capital: B, "
                                                                                  "victory_city: 2}")


def vc_problems(extra: str) -> tuple[GameModel, list[str]]:
    model, problems = lower_spec(load_spec_text(VC_BASE + extra, "mini.yaml"))
    return model, [p.message for p in problems + run_checks(model, engine="2.x") if p.is_error]


def test_victory_cities_lower_to_the_end_round_properties() -> None:
    model, errors = vc_problems("victory_cities: {total: {X: 3, Y: 3, None: 3}, projection: {X: 2, Y: 1, None: 3}}\n")
    assert not errors, errors
    assert [(p.name, p.value, p.kind) for p in model.properties] == [
        ("mapName", "mini", None),
        ("Total Victory", "true", "boolean"), ("None Total Victory VCs", "3", "number"),
        ("X Total Victory VCs", "3", "number"), ("Y Total Victory VCs", "3", "number"),
        ("Projection of Power", "true", "boolean"), ("None Projection of Power VCs", "3", "number"),
        ("X Projection of Power VCs", "2", "number"), ("Y Projection of Power VCs", "1", "number")]


@pytest.mark.parametrize(("counts", "words"), [
    ("{X: 1, Y: 1, None: 1, Z: 1}", "names unknown alliance(s) Z"),
    ("{X: 1, Y: 1}", "gives no count for None"),
    ("{X: 4, Y: 1, None: 1}", "X can never hold 4 victory cities, the map has 3"),
])
def test_victory_cities_refuse_what_triplea_would_misread(counts: str, words: str) -> None:
    _, errors = vc_problems(f"victory_cities: {{total: {counts}}}\n")
    assert any(words in e for e in errors), errors


def test_victory_cities_refuse_a_property_said_twice() -> None:
    _, errors = vc_problems("victory_cities: {total: {X: 1, Y: 1, None: 1}}\nproperties: {X Total Victory VCs: 2}\n")
    assert any("sets property 'X Total Victory VCs'" in e for e in errors), errors


def test_victory_cities_need_a_positive_count() -> None:
    with pytest.raises(ProblemsFound) as caught:
        load_spec_text(VC_BASE + "victory_cities: {total: {X: 0, Y: 1, None: 1}}\n", "mini.yaml")
    assert "at least 1 victory city (X)" in str(caught.value.problems[0])
