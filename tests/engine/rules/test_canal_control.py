"""canal-control: logs on the Aggression 1939 map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

CANALS = {"id": "canal-control"}


def test_canal_control_breaks(run):
    log = """\
        events:
          - {type: step, round: 2, player: Italy, step: italyCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 28, Sea Zone 41]}
    """
    found = run("aggression", [CANALS], log)
    assert where(found) == [
        ("canal-control", 2, "Italy", "italyCombatMove", 3)
    ]
    assert "Suez Canal" in found[0].message


def test_canal_split_between_enemies_is_closed(run):
    log = """\
        initial:
          owners: {Middle East: Italy}
        events:
          - {type: step, round: 2, player: England, step: englandNonCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 41, Sea Zone 28]}
    """
    assert [v.player for v in run("aggression", [CANALS], log)] == ["England"]


def test_canal_control_keeps(run):
    log = """\
        events:
          - {type: step, round: 2, player: England, step: englandCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 28, Sea Zone 41]}
          - {type: step, round: 2, player: Italy, step: italyCombatMove}
          - {type: move, units: {fighter: 1}, route: [Sea Zone 28, Sea Zone 41]}
          - {type: step, round: 2, player: Germany, step: germanyCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 15, Sea Zone 16]}
    """
    assert run("aggression", [CANALS], log) == []
