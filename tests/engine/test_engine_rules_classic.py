"""DiBerardino Classic house rules, each broken and kept on the World War II Classic map."""

from __future__ import annotations

from tests.engine.conftest import where

TRACING = {"id": "resource-tracing", "values": {"Germany": 3, "West Europe": 3, "Karelia S.S.R.": 5}}


def _placing(n: int, initial: str = "") -> str:
    return f"""\
        {initial or 'initial: {}'}
        events:
          - {{type: step, round: 1, player: Germans, step: germanPlace}}
          - {{type: place, territory: Germany, units: {{infantry: {n}}}}}
          - {{type: step, step: germanEndTurn}}
          - {{type: resources, resource: PUs, amount: 6, reason: Germans collect income}}
    """


def test_resource_tracing_breaks(run):
    found = run("classic", [TRACING], _placing(7))
    assert where(found) == [
        ("resource-tracing", 1, "Germans", "germanPlace", 4)
    ]
    assert "only 6 resource(s)" in found[0].message


def test_resource_tracing_blocked_by_enemy_forces(run):
    # West Europe solely occupied by British forces at the turn's start: it no longer traces
    blocked = "initial: {units: {West Europe: [{type: infantry, owner: British, count: 1}]}}"
    found = run("classic", [TRACING], _placing(4, blocked))
    assert [v.line for v in found] == [4, 6]
    assert "only 3 resource(s)" in found[0].message and "only 3 trace" in found[1].message


def test_resource_tracing_keeps(run):
    assert run("classic", [TRACING], _placing(6)) == []


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


SHIPS = {"id": "ship-return-base", "unit_types": ["battleship", "carrier"], "within_spaces": 2,
         "max_distance": {"submarine": 3}}


def test_ship_return_base_breaks(run):
    log = """\
        initial:
          units: {South Pacific Sea Zone: [{type: battleship, owner: Americans, count: 1}],
                  Antartic Sea Zone: [{type: submarine, owner: Japanese, count: 1}]}
        events:
          - {type: step, round: 2, player: Americans, step: americanCombatMove}
          - {type: move, units: {battleship: 1}, route: [South Pacific Sea Zone, East Pacific Sea Zone]}
          - {type: step, round: 2, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Japan Sea Zone, Okinawa Sea Zone]}
    """
    found = run("classic", [SHIPS], log)
    assert where(found) == [
        ("ship-return-base", 2, "Americans", "americanCombatMove", 6),
        ("ship-return-base", 2, "Japanese", "japaneseCombatMove", 8),
    ]
    assert "submarine in Antartic Sea Zone" in found[1].message


def test_ship_left_away_from_base_breaks(run):
    log = """\
        initial:
          units: {South Pacific Sea Zone: [{type: carrier, owner: Americans, count: 1}]}
        events:
          - {type: step, round: 2, player: Americans, step: americanCombatMove}
          - {type: step, round: 2, player: Americans, step: americanEndTurn}
    """
    found = run("classic", [SHIPS], log)
    assert len(found) == 1 and "stayed in South Pacific Sea Zone" in found[0].message


def test_ship_return_base_keeps(run):
    log = """\
        initial:
          units: {South Pacific Sea Zone: [{type: battleship, owner: Americans, count: 1}]}
        events:
          - {type: step, round: 2, player: Americans, step: americanCombatMove}
          - {type: move, units: {battleship: 1}, route: [South Pacific Sea Zone, Mexico Sea Zone, West Panama Sea Zone]}
          - {type: move, units: {submarine: 1}, route: [East US Sea Zone, North Atlantic Sea Zone]}
    """
    assert run("classic", [SHIPS], log) == []


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
