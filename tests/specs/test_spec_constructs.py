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
