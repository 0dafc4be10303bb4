"""movement-area: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

import pytest

from compiler.engine.rules import RuleError
from tests.engine.conftest import where

CHINA = {
    "id": "movement-area",
    "players": ["Chinese"],
    "when": {"at_war": [["Chinese", "Axis"]]},
    "allowed": {
        "originally": ["Chinese", "Japanese"],
        "also": [
            {"territories": ["R26", "R31", "R32"], "when": {"at_war": [["Russians", "Japanese"]]}},
            {"territories": ["UK26"], "when": {"at_war": [["British", "Japanese"]]}},
        ],
    },
    "pass_through": {"territories": ["76 Sea Zone"]},
}
AT_WAR = """\
    initial:
      relationships: {Chinese|Japanese: War}
"""


def test_movement_area_breaks(run):
    log = AT_WAR + """\
    events:
      - {type: step, round: 2, player: Chinese, step: chineseCombatMove}
      - {type: move, units: {infantryC: 1}, route: [C1, R26]}
      - {type: move, units: {fighter: 1}, route: [C4, 65 Sea Zone, C5]}
      - {type: move, units: {fighter: 1}, route: [C10, 76 Sea Zone]}
    """
    # R26 while the Soviet Union is not at war with Japan; the fighter over water; ending in the strait
    found = where(run("g40", [CHINA], log))
    assert found == [("movement-area", 2, "Chinese", "chineseCombatMove", n) for n in (5, 6, 7)]


def test_movement_area_keeps(run):
    log = AT_WAR + """\
    events:
      - {type: step, round: 2, player: Chinese, step: chineseCombatMove}
      - {type: move, units: {infantryC: 1}, route: [C1, C2]}
      - {type: move, units: {fighter: 1}, route: [C10, 76 Sea Zone, J1]}
      - {type: political, player: Russians, action: war, players: [Japanese], new_relationship: War}
      - {type: move, units: {infantryC: 1}, route: [C1, R26]}
    """
    assert run("g40", [CHINA], log) == []
    # neutral China moves where it likes (the rule holds only at war)
    assert run("g40", [CHINA], """\
    events:
      - {type: step, round: 1, player: Chinese, step: chineseCombatMove}
      - {type: move, units: {infantryC: 1}, route: [C1, R26]}
    """) == []


def test_movement_area_forbidden_and_end_only(run):
    allies_out_of_china = {
        "id": "movement-area", "players": ["British"], "when": {"not_at_war": [["British", "Japanese"]]},
        "forbidden": {"originally": ["Chinese"]},
    }
    us_ships = {
        "id": "movement-area", "players": ["Americans"], "unit_kinds": ["sea"], "check": "end",
        "when": {"not_at_war": [["Americans", "Axis"]]},
        "allowed": {"adjacent_to_owned_by": ["Americans"], "territories": ["54 Sea Zone"]},
    }
    log = """\
    events:
      - {type: step, round: 1, player: British, step: britishNonCombatMove}
      - {type: move, units: {infantry: 1}, route: [UK26, C21]}
      - {type: step, round: 1, player: Americans, step: americansNonCombatMove}
      - {type: move, units: {destroyer: 1}, route: [55 Sea Zone, 54 Sea Zone]}
      - {type: move, units: {destroyer: 1}, route: [54 Sea Zone, 66 Sea Zone]}
      - {type: move, units: {infantry: 1}, route: [US21, F7]}
    """
    found = run("g40", [allies_out_of_china, us_ships], log)
    assert [(b.player, b.line) for b in found] == [("British", 3), ("Americans", 6)]


def test_movement_area_water_may_be_crossed(run):
    french = {"id": "movement-area", "players": ["French"], "unit_kinds": ["land", "air"],
              "allowed": {"owned_by": ["French"]}, "pass_through": {"water": True}}
    log = """\
    events:
      - {type: step, round: 1, player: French, step: frenchNonCombatMove}
      - {type: move, units: {fighter: 1}, route: [F3, 23 Sea Zone, F2]}
      - {type: move, units: {fighter: 1}, route: [F3, 23 Sea Zone]}
      - {type: move, units: {infantry: 1}, route: [F3, UK5]}
    """
    assert [b.line for b in run("g40", [french], log)] == [4, 5]


def test_movement_area_needs_one_area_and_known_names(run):
    with pytest.raises(RuleError, match="either allowed or forbidden"):
        run("g40", [{"id": "movement-area", "players": ["Chinese"]}], "events: []\n")
    with pytest.raises(RuleError, match="unknown territory: Atlantis"):
        run("g40", [{"id": "movement-area", "players": ["Chinese"], "allowed": {"territories": ["Atlantis"]}}],
            "events: []\n")
