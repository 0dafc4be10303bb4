"""move-limit: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

MOVE_LIMIT = {
    "id": "move-limit",
    "player": "French",
    "max_units": 3,
    "phase": "noncombat-move",
    "when": {"not_at_war": [["French", "Axis"]]},
}


def test_move_limit_breaks(run):
    log = """\
        events:
          - {type: step, round: 1, player: French, step: frenchCombatMove}
          - {type: move, units: {infantry: 3}, route: [F3, F2]}
          - {type: step, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [F3, F2]}
          - {type: move, units: {infantry: 1, armour: 1}, route: [F3, F4]}
    """
    found = run("g40", [MOVE_LIMIT], log)
    assert where(found) == [
        ("move-limit", 1, "French", "frenchNonCombatMove", 6)
    ]


def test_move_limit_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [F3, F2]}
          - {type: move, units: {armour: 1}, route: [F3, F4]}
    """
    assert run("g40", [MOVE_LIMIT], log) == []
    # at war with the Axis at the start of the turn, the limit no longer holds
    at_war = """\
        initial:
          relationships: {French|Germans: War}
        events:
          - {type: step, round: 4, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 5}, route: [F3, F2]}
    """
    assert run("g40", [MOVE_LIMIT], at_war) == []
