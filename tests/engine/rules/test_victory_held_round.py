"""victory-held-round: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

CITIES = ["G5", "G15", "G19", "G21", "I1", "I5", "J6", "J9", "J13", "J14", "UK4", "UK10", "UK19",
          "UK27", "R4", "R16", "R21", "R26"]


VICTORY = {
    "id": "victory-held-round",
    "winners": "Axis",
    "territories": CITIES,
    "conditions": [{"controller": "Axis", "at_least": 12}],
}


def _victory_log(declare_round: int) -> str:
    return f"""\
        events:
          - {{type: step, round: 5, player: Germans, step: germansCombatMove}}
          - {{type: ownership, territory: UK4, new_owner: Germans}}
          - {{type: ownership, territory: UK10, new_owner: Germans}}
          - {{type: ownership, territory: R4, new_owner: Germans}}
          - {{type: step, round: 5, player: Russians, step: russiansCombatMove}}
          - {{type: step, round: 5, player: British, step: britishCombatMove}}
          - {{type: step, round: {declare_round}, player: Germans, step: germansEndTurn}}
          - {{type: victory, winners: [Axis]}}
    """


def test_victory_held_round_breaks(run):
    found = run("g40", [VICTORY], _victory_log(5))
    assert len(found) == 1
    v = found[0]
    assert (v.rule, v.round, v.player, v.step, v.line) == ("victory-held-round", 5, "Germans", "germansEndTurn", 9)
    assert "whole round" in v.message


def test_victory_held_round_keeps(run):
    assert run("g40", [VICTORY], _victory_log(6)) == []


def test_victory_without_the_condition_breaks(run):
    log = """\
        events:
          - {type: step, round: 7, player: Germans, step: germansEndTurn}
          - {type: victory, winners: [Germans]}
    """
    found = run("g40", [VICTORY], log)
    assert [v.line for v in found] == [3] and "does not hold" in found[0].message
