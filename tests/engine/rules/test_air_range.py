"""air-range: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

AIR = {"id": "air-range", "ranges": {"fighter": {"combat": 1, "noncombat": 2}, "bomber": {"combat": 2, "noncombat": 4}}}


def test_air_range_breaks(run):
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {fighter: 1}, route: [Germany, East Europe, Karelia S.S.R.]}
          - {type: move, units: {bomber: 1}, route: [Germany, East Europe]}
          - {type: step, step: germanNonCombatMove}
          - {type: move, units: {bomber: 1}, route: [East Europe, Germany, West Europe, North Sea Zone]}
    """
    found = run("classic", [AIR], log)
    assert where(found) == [
        ("air-range", 1, "Germans", "germanCombatMove", 3),
        ("air-range", 1, "Germans", "germanNonCombatMove", 6),
    ]
    assert "back after combat at most 2" in found[1].message


def test_air_range_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {fighter: 1}, route: [Germany, East Europe]}
          - {type: step, step: germanNonCombatMove}
          - {type: move, units: {fighter: 1}, route: [East Europe, Germany]}
          - {type: move, units: {fighter: 1}, route: [West Europe, Germany, East Europe]}
          - {type: move, units: {bomber: 1}, route: [Germany, East Europe, Ukraine S.S.R., Caucasus, Kazakh S.S.R.]}
    """
    assert run("classic", [AIR], log) == []


def test_aircraft_move_last_in_combat_move(run):
    rule = {**AIR, "air_moves_last": True}
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {armour: 1}, route: [Germany, East Europe]}
          - {type: move, units: {fighter: 1}, route: [Germany, East Europe]}
          - {type: move, units: {infantry: 1}, route: [Germany, East Europe]}
          - {type: step, step: germanNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [Germany, West Europe]}
    """
    found = run("classic", [rule], log)
    assert [(v.step, v.line) for v in found] == [("germanCombatMove", 5)]
    assert run("classic", [AIR], log) == []


def test_advances_give_longer_ranges(run):
    rule = {**AIR, "advances": {"Long Range Aircraft": {"fighter": {"combat": 2, "noncombat": 4}}}}
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germanTech}
{research}
          - {type: step, step: germanCombatMove}
          - {type: move, units: {fighter: 1}, route: [Germany, East Europe, Karelia S.S.R.]}
    """
    gained = "          - {type: tech, advance: Long Range Aircraft, dice: [6], cost: {PUs: 5}}"
    assert run("classic", [rule], log.replace("{research}", gained)) == []
    found = run("classic", [rule], log.replace("{research}", "          - {type: note, text: none}"))
    assert "in combat move at most 1" in found[0].message
