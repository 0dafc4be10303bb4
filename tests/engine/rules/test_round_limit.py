"""round-limit: Aggression 1939's 30 rounds, on logs that go on after them and logs that stop in time."""

from __future__ import annotations

from tests.engine.conftest import where

LIMIT = {"id": "round-limit", "last_round": 30}


def test_play_after_the_last_round_breaks_it_once(run):
    log = """\
        initial: {round: 30}
        events:
          - {type: step, round: 30, player: China, step: chinaEndTurn}
          - {type: step, round: 31, player: Germany, step: germanyCombatMove}
          - {type: move, units: {infantry: 1}, route: [Germany, Lorraine]}
          - {type: move, units: {infantry: 1}, route: [Lorraine, Germany]}
    """
    found = run("aggression", [LIMIT], log)
    assert where(found) == [("round-limit", 31, "Germany", "germanyCombatMove", 5)]
    assert found[0].message == "Germany's move in round 31: the game ends with round 30"


def test_a_victory_after_the_last_round_breaks_it(run):
    log = """\
        events:
          - {type: victory, round: 32, winners: [Axis]}
    """
    assert [b.round for b in run("aggression", [LIMIT], log)] == [32]


def test_a_game_that_stops_with_the_last_round_keeps_it(run):
    log = """\
        initial: {round: 30}
        events:
          - {type: step, round: 30, player: China, step: chinaCombatMove}
          - {type: move, units: {l.cavalry: 1}, route: [Sinkiang, Suiyuan]}
          - {type: step, round: 31, player: Germany, step: germanyCombatMove}
    """
    assert run("aggression", [LIMIT], log) == []
