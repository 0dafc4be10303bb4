"""noncombat-only-entry: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

ENTRY = {"id": "noncombat-only-entry", "owned_by": "French", "players": ["British", "Americans"]}


def test_noncombat_only_entry_breaks(run):
    log = """\
        events:
          - {type: step, round: 2, player: British, step: britishCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
    """
    found = run("g40", [ENTRY], log)
    assert where(found) == [
        ("noncombat-only-entry", 2, "British", "britishCombatMove", 3)
    ]


def test_noncombat_only_entry_keeps(run):
    log = """\
        events:
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
          - {type: step, round: 2, player: French, step: frenchCombatMove}
          - {type: move, units: {infantry: 1}, route: [F2, F3]}
    """
    assert run("g40", [ENTRY], log) == []
