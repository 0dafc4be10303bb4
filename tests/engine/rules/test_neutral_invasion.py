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


WALK_IN = """\
    events:
      - {type: step, round: 1, player: Germans, step: germanCombatMove}
      - {type: move, units: {armour: 1}, route: [West Europe, Spain]}
      - {type: resources, resource: PUs, amount: -3, reason: neutral charge}
      - {type: ownership, territory: Spain, new_owner: Germans}
      - {type: step, step: germanBattle}
"""


def test_a_walk_in_breaks_neutral_invasion(run):
    # TripleA's walk-in: a move, a payment, an ownership change and no battle; the rule wants Spain British first
    found = run("classic", [NEUTRAL], WALK_IN)
    assert where(found) == [("neutral-invasion", 1, "Germans", "germanCombatMove", 5)]
    assert found[0].message == ("Germans walk into the neutral Spain without a battle; it must join British first, "
                                "defended by a die roll of 1 to 6 infantry")


def test_a_conquest_after_the_battle_is_no_walk_in(run):
    # Spain joins the British, is attacked, and falls to the Germans: that ownership change is a conquest
    conquest = INVASION.format(joining=JOINS, leaving=1).replace(
        "route: [Spain, Gibraltar]", "route: [Gibraltar, Spain]").replace(
        "      - {type: step, round: 1, player: British",
        "      - {type: ownership, territory: Spain, old_owner: British, new_owner: Germans}\n"
        "      - {type: step, round: 1, player: British")
    assert "old_owner: British, new_owner: Germans" in conquest
    assert run("classic", [NEUTRAL], conquest) == []
    # a neutral handed to a player outside a move step (a trigger, a treaty) is not a walk-in either
    treaty = WALK_IN.replace("step: germanCombatMove}", "step: germanPolitics}").replace(
        "      - {type: move, units: {armour: 1}, route: [West Europe, Spain]}\n", "")
    assert run("classic", [NEUTRAL], treaty) == []
