"""`politics.actions`: political actions lower to PoliticalActionAttachments after the conditions they
name, real maps' actions lift into the construct, and lifting then lowering gives the same game."""

from __future__ import annotations

import pytest

from compiler.checks import run_checks
from compiler.diff.roundtrip import round_trip
from compiler.lift import lift_model
from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.problems import Problem, ProblemsFound
from compiler.spec import load_spec_text

BASE = """\
game: {name: Mini, map_name: mini}
resources: [PUs, Iron]
players: {A: {alliance: X}, B: {alliance: Y}, N: {alliance: None}}
relationship_types: {Allied: allied, War: war, Neutrality: neutral}
relationships: {within: Allied, between: War}
units: {infantry: {cost: 3, movement: 1, attack: 1, defense: 2}}
territories:
  T1: {owner: A, production: 5, capital: A}
  T2: {owner: B, production: 5, capital: B}
  T3: {owner: N, production: 2}
connections: {T1: [T2], T2: [T3]}
sequence:
  - {turns: {players: {A: a, B: b}, phases: [Politics, CombatMove, Battle, NonCombatMove, Purchase, Place, EndTurn]}}
attachments:
  - {name: conditionAttachmentAAtPeace, attach_to: A, class: RulesAttachment, type: player,
     options: {atWarPlayers: {value: N, count: 0}}}
"""

ACTION = """\
politics:
  actions:
    - name: AAttacksN
      player: A
      changes: [{players: [A, N], to: War}, {players: [B, N], to: Neutrality}]
      conditions: [conditionAttachmentAAtPeace]
      condition_type: AND
      cost: {PUs: 3, Iron: 2}
      attempts_per_turn: 1
      accept: [B]
      text: A_ATTACKS_N
      options: {chanceIncrementOnFailure: 1}
"""


def lower(text: str) -> tuple[GameModel, list[Problem]]:
    model, problems = lower_spec(load_spec_text(text, "mini.yaml"))
    return model, problems + run_checks(model, engine="2.x")


def errors(problems: list[Problem]) -> list[str]:
    return [str(p) for p in problems if p.is_error]


def test_action_lowers_after_its_condition() -> None:
    model, problems = lower(BASE + ACTION)
    assert not errors(problems)
    names = [a.name for a in model.attachments]
    assert names.index("politicalActionAttachmentAAttacksN") > names.index("conditionAttachmentAAtPeace")
    (action,) = [a for a in model.attachments if a.name == "politicalActionAttachmentAAttacksN"]
    assert (action.attach_to, action.type) == ("A", "player")
    assert action.java_class == "games.strategy.triplea.attachments.PoliticalActionAttachment"
    assert [(o.name, o.value, o.count) for o in action.options] == [
        ("conditions", "conditionAttachmentAAtPeace", ""), ("conditionType", "AND", ""),
        ("relationshipChange", "A:N:War", ""), ("relationshipChange", "B:N:Neutrality", ""),
        ("costPU", "3", ""), ("costResources", "2:Iron", ""), ("attemptsPerTurn", "1", ""),
        ("actionAccept", "B", ""), ("text", "A_ATTACKS_N", ""), ("chanceIncrementOnFailure", "1", "")]


def test_action_lifts_back_to_the_same_construct() -> None:
    model, _ = lower(BASE + ACTION)
    spec = lift_model(model)
    (action,) = spec["politics"]["actions"]
    assert action["name"] == "AAttacksN" and action["cost"] == {"PUs": 3, "Iron": 2}
    assert action["changes"][1] == {"players": ["B", "N"], "to": "Neutrality"}
    assert action["options"] == {"chanceIncrementOnFailure": 1}
    assert not any(a["name"].startswith("politicalAction") for a in spec.get("attachments", []))
    _, _, differences = round_trip(model)
    assert not differences


def test_action_before_its_condition_stays_raw() -> None:
    """An action the document puts before a condition it names is not moved behind it by the lift."""
    raw = """\
  - {name: politicalActionAttachmentEarly, attach_to: A, class: PoliticalActionAttachment, type: player,
     options: {conditions: conditionAttachmentLate, relationshipChange: "A:N:War"}}
  - {name: conditionAttachmentLate, attach_to: A, class: RulesAttachment, type: player, options: {rounds: 2}}
"""
    model, _ = lower(BASE + raw)
    spec = lift_model(model)
    assert "politics" not in spec
    assert [a["name"] for a in spec["attachments"]][-2:] == ["politicalActionAttachmentEarly",
                                                             "conditionAttachmentLate"]
    assert not round_trip(model)[2]


def test_typos_in_changes_are_reported_at_their_line() -> None:
    text = BASE + ACTION.replace("{players: [B, N], to: Neutrality}", "{players: [B, Nn], to: Neutrallity}")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "Neutrallity" in row)
    _, problems = lower(text)
    found = [p for p in problems if p.is_error and ("Neutrallity" in p.message or "'Nn'" in p.message)]
    assert {p.code for p in found} >= {"unknown-player", "unknown-relationship-type"}, errors(problems)
    assert all(p.location.path == "mini.yaml" and p.location.line == line for p in found)


def test_unknown_condition_is_reported_at_its_line() -> None:
    text = BASE + ACTION.replace("[conditionAttachmentAAtPeace]", "[conditionAttachmentAAtPeac]")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "AAtPeac]" in row)
    _, problems = lower(text)
    (problem,) = [p for p in problems if p.code == "unknown-condition"]
    assert "conditionAttachmentAAtPeac" in problem.message and problem.location.line == line


def test_options_may_not_repeat_a_field() -> None:
    with pytest.raises(ProblemsFound) as raised:
        load_spec_text(BASE + ACTION.replace("{chanceIncrementOnFailure: 1}", "{text: OTHER}"), "mini.yaml")
    (problem,) = raised.value.problems
    assert "options repeat what the action's fields say: text" in problem.message
    assert problem.location.line == BASE.count("\n") + 3


def test_an_action_changes_something() -> None:
    with pytest.raises(ProblemsFound):
        load_spec_text(BASE + "politics: {actions: [{name: X, player: A, changes: []}]}\n", "mini.yaml")


def test_other_resources_need_2x_and_say_where() -> None:
    text = BASE + ACTION
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "cost: {PUs" in row)
    model, problems = lower_spec(load_spec_text(text, "mini.yaml"), "1.9")
    found = [p for p in problems + run_checks(model, engine="1.9") if p.is_error]
    assert [(p.code, p.location.line) for p in found] == [("unknown-option", line)]
    assert "costResources" in found[0].message and "2.x" in found[0].message
