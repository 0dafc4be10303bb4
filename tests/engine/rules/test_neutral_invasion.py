"""neutral-invasion: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

NEUTRAL = {"id": "neutral-invasion", "joins": {"Axis": "British", "Allies": "Germans"}, "die": 6}

INVASION = """\
    events:
      - {{type: step, round: 1, player: Germans, step: germanCombatMove}}
      - {{type: move, units: {{infantry: 2}}, route: [West Europe, Spain]}}
{joining}
      - {{type: step, player: Germans, step: germanBattle}}
      - {{type: battle, territory: Spain, attacker: Germans, defender: British, defender_losses: {{infantry: 1}}}}
      - {{type: step, round: 1, player: British, step: britishNonCombatMove}}
      - {{type: move, units: {{infantry: {leaving}}}, route: [Spain, Gibraltar]}}
"""
JOINS = """\
      - {type: ownership, territory: Spain, new_owner: British}
      - {type: place, player: British, territory: Spain, units: {infantry: 3}}"""


def test_neutral_invasion_keeps(run):
    # Spain joins the British with 3 infantry, which stay home (the British move other units)
    log = INVASION.format(joining=JOINS, leaving=1).replace("route: [Spain, Gibraltar]", "route: [Gibraltar, Spain]")
    assert run("classic", [NEUTRAL], log) == []


def test_neutral_invasion_breaks(run):
    found = run("classic", [NEUTRAL], INVASION.format(joining=JOINS, leaving=1))
    assert where(found) == [("neutral-invasion", 1, "British", "britishNonCombatMove", 9)]
    assert "they stay home" in found[0].message
    found = run("classic", [NEUTRAL], INVASION.format(joining=JOINS.replace("infantry: 3", "infantry: 7"), leaving=0))
    assert "a die roll of 1 to 6 infantry of British" in found[0].message
    found = run("classic", [NEUTRAL], INVASION.format(joining="      - {type: note, text: no defenders}", leaving=0))
    assert [b.message for b in found] == ["Spain is attacked without joining British first",
                                          "Spain is attacked without a die roll of infantry of British defending it"]
