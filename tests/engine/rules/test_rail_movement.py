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
