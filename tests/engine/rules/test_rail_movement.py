"""rail-movement: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

RAIL = {"id": "rail-movement", "pools": [{"players": ["Germans"], "limit": 2},
                                         {"players": ["British", "Americans"], "limit": 1}]}


def test_rail_movement_breaks(run):
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {infantry: 1}, route: [West Europe, Germany, East Europe]}
          - {type: step, step: germanNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [West Europe, Germany, East Europe]}
          - {type: move, units: {infantry: 1}, route: [Germany, East Europe, Ukraine S.S.R.]}
          - {type: move, units: {infantry: 1}, route: [Germany, East Europe, Karelia S.S.R.]}
    """
    found = run("classic", [RAIL], log)
    assert where(found) == [
        ("rail-movement", 1, "Germans", "germanCombatMove", 3),
        ("rail-movement", 1, "Germans", "germanNonCombatMove", 6),
        ("rail-movement", 1, "Germans", "germanNonCombatMove", 7),
    ]
    assert "non-combat move only" in found[0].message
    assert "rail limit" in found[1].message
    assert "Karelia S.S.R." in found[2].message


def test_rail_movement_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {armour: 2}, route: [West Europe, Germany, East Europe]}
          - {type: step, step: germanNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [West Europe, Germany, East Europe, Ukraine S.S.R.]}
          - {type: move, units: {infantry: 3}, route: [Germany, East Europe]}
          - {type: step, round: 2, player: Germans, step: germanNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [West Europe, Germany, East Europe]}
    """
    assert run("classic", [RAIL], log) == []


MECHANIZED = """\
    events:
      - {{type: step, round: 1, player: Germans, step: germanTech}}
{research}
      - {{type: step, step: germanNonCombatMove}}
      - {{type: move, units: {{infantry: 3{armour}}}, route: [West Europe, Germany, East Europe]}}
"""
GAINED = "      - {type: tech, advance: Mechanized Infantry, dice: [6], cost: {PUs: 5}}"


def test_mechanized_infantry_is_no_rail(run):
    # with the advance, 3 infantry moving 2 move on their own, not by rail (the Germans' limit is 2)
    rail = {**RAIL, "advances": {"Mechanized Infantry": {"units": {"infantry": 2}}}}
    assert run("classic", [rail], MECHANIZED.format(research=GAINED, armour="")) == []
    # without it they are 3 units by rail
    found = run("classic", [rail], MECHANIZED.format(research="      - {type: note, text: none}", armour=""))
    assert where(found) == [("rail-movement", 1, "Germans", "germanNonCombatMove", 5)]
    assert "3 more unit(s) by rail (3 infantry)" in found[0].message


def test_paired_mechanized_infantry(run):
    # infantry move 2 only with an armour each: 2 armour carry 2 of them, the third goes by rail (within the limit)
    paired = {**RAIL, "pools": [{"players": ["Germans"], "limit": 0}],
              "advances": {"Mechanized Infantry": {"units": {"infantry": 2}, "paired_with": ["armour"]}}}
    found = run("classic", [paired], MECHANIZED.format(research=GAINED, armour=", armour: 2"))
    assert "(1 infantry)" in found[0].message
    assert run("classic", [paired], MECHANIZED.format(research=GAINED, armour=", armour: 3")) == []
