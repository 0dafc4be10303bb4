"""bombing-losses: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

BOMBING = {"id": "bombing-losses", "dice": {"Flying Fortresses": 2}, "atomic": "Atomic Bomb", "atomic_dice": 3}

RAID = """\
    initial: {{units: {{Germany: [{{type: bomber, owner: Germans, count: 2}}]}}}}
    events:
      - {{type: step, round: 1, player: Germans, step: germanTech}}
    {tech}
      - {{type: step, step: germanCombatMove}}
      - {{type: move, units: {{bomber: 2}}, route: [Germany, North Sea Zone, United Kingdom]}}
      - {{type: step, step: germanBattle}}
      - {{type: battle, territory: United Kingdom, attacker: Germans, result: bombing_raid,
         rounds: [{{rolls: [{{firing: Germans, dice: {dice}, hits: 1}}]}}]}}
    {now}
      - {{type: step, round: 1, player: British, step: britishPurchase}}
    {later}
      - {{type: step, round: 1, player: Japanese, step: japanesePurchase}}
"""
LOSS = "  - {type: resources, player: British, resource: PUs, amount: -%d, reason: bombing losses}"


def raid(dice: str, now: str = "", later: str = "", tech: str = "") -> str:
    return RAID.format(dice=dice, now=now, later=later, tech=tech)


def test_bombing_losses_keeps(run):
    # one of two bombers hits (a 4 and a 5): 1 PU next turn; with Flying Fortresses each rolls 2 dice
    assert run("classic", [BOMBING], raid("[4, 5]", later=LOSS % 1)) == []
    fortresses = "  - {type: tech, advance: Flying Fortresses, dice: [6], cost: {PUs: 5}}"
    assert run("classic", [BOMBING], raid("[5, 1, 2, 6]", later=LOSS % 2, tech=fortresses)) == []


def test_bombing_losses_breaks(run):
    found = run("classic", [BOMBING], raid("[4, 5]", now=LOSS % 9))
    assert where(found) == [("bombing-losses", 1, "Germans", "germanBattle", 10),
                            ("bombing-losses", 1, "British", "britishPurchase", 11)]
    assert "loss comes in their next turn" in found[0].message and "1 are due" in found[1].message
    found = run("classic", [BOMBING], raid("[4, 5, 6]", later=LOSS % 1))
    assert "roll 3 dice" in found[0].message
