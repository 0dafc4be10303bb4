"""naval-end-zone: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

ZONE = {"id": "naval-end-zone", "zone": "76 Sea Zone"}


def test_naval_end_zone_breaks(run):
    log = """\
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone, 90 Sea Zone]}
    """
    found = run("g40", [ZONE], log)
    assert where(found) == [
        ("naval-end-zone", 3, "Japanese", "japaneseCombatMove", 3)
    ]


def test_naval_end_zone_entered_then_left_in_a_second_move(run):
    log = """\
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone]}
          - {type: step, step: japaneseNonCombatMove}
          - {type: move, units: {destroyer: 1}, route: [76 Sea Zone, 90 Sea Zone]}
    """
    found = run("g40", [ZONE], log)
    assert [(v.step, v.line) for v in found] == [("japaneseNonCombatMove", 5)]


def test_naval_end_zone_exemption(run):
    rule = {**ZONE, "exempt_when": {"Japanese": {"not_at_war": [["Japanese", "Chinese"]]}}}
    log = """\
        events:
          - {type: step, round: 3, player: Japanese, step: japanesePolitics}
          - {type: political, action: war, players: [Chinese], new_relationship: War}
          - {type: step, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone, 90 Sea Zone]}
          - {type: step, round: 4, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [90 Sea Zone, 76 Sea Zone, 65 Sea Zone]}
    """
    # free on the turn Japan declares war on China (not at war at its start), bound the turn after
    found = run("g40", [rule], log)
    assert [(v.round, v.line) for v in found] == [(4, 7)]


def test_naval_end_zone_keeps(run):
    log = """\
        initial:
          units: {76 Sea Zone: [{type: cruiser, owner: Japanese, count: 1}]}
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone]}
          - {type: move, units: {cruiser: 1}, route: [76 Sea Zone, 90 Sea Zone]}
          - {type: move, units: {fighter: 1}, route: [J1, 76 Sea Zone, C10]}
    """
    assert run("g40", [ZONE], log) == []
    # all six territories around friendly at the turn's start: ships may pass
    friendly = """\
        initial:
          owners: {C9: Japanese, C10: Japanese, C11: Japanese, C16: Japanese}
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone, 90 Sea Zone]}
    """
    assert run("g40", [ZONE], friendly) == []
