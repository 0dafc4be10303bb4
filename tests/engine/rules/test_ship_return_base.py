"""ship-return-base: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

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
