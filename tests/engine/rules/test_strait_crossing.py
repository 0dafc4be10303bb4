"""strait-crossing: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import line_of

STRAITS = {"id": "strait-crossing", "straits": [["G19", "I1"], ["UK5", "F3"]], "granted": {"French": ["British"]}}


STRAIT_BREAK = """\
    game: G40 Alt Universe
    initial:
      owners: {I1: British}
    events:
      - {type: step, round: 2, player: Germans, step: germansCombatMove}
      - {type: move, units: {infantry: 2}, route: [G19, I1]}
"""


def test_strait_crossing_breaks(run):
    found = run("g40", [STRAITS], STRAIT_BREAK)
    assert len(found) == 1
    v = found[0]
    assert (v.rule, v.round, v.player, v.step) == ("strait-crossing", 2, "Germans", "germansCombatMove")
    assert v.line == line_of(STRAIT_BREAK, "route: [G19, I1]")
    assert "I1 (British)" in v.message


def test_strait_crossing_uses_the_start_of_the_turn(run):
    # I1 is captured during the turn: it still was not friendly at the turn's start
    log = STRAIT_BREAK + "      - {type: ownership, territory: I1, new_owner: Germans}\n" + \
        "      - {type: move, units: {armour: 1}, route: [G19, I1]}\n"
    found = run("g40", [STRAITS], log)
    assert [v.line for v in found] == [6, 8]


def test_strait_crossing_keeps(run):
    log = """\
        events:
          - {type: step, round: 2, player: Germans, step: germansCombatMove}
          - {type: move, units: {infantry: 2}, route: [G19, I1]}
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
    """
    assert run("g40", [STRAITS], log) == []
    # without France's grant the British crossing breaks the rule
    ungranted = {"id": "strait-crossing", "straits": [["UK5", "F3"]]}
    found = run("g40", [ungranted], log)
    assert [(v.player, v.line) for v in found] == [("British", 5)]
