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


WORDLESS = "  - {type: resources, player: British, resource: PUs, amount: -%d}"
OTHER_WORDS = "  - {type: resources, player: British, resource: PUs, amount: -%d, reason: United Kingdom}"


def test_the_rule_reads_what_happened_not_the_words(run):
    """A loss right after the raid is the raid's damage whatever its text says (or without one); the next turn's
    loss is the payment whatever its text."""
    assert where(run("classic", [BOMBING], raid("[4, 5]", now=WORDLESS % 1))) == [
        ("bombing-losses", 1, "Germans", "germanBattle", 10), ("bombing-losses", 1, "British", "britishPurchase", 11)]
    assert run("classic", [BOMBING], raid("[4, 5]", later=OTHER_WORDS % 1)) == []
    assert run("classic", [BOMBING], raid("[4, 5]", later=WORDLESS % 1)) == []


def test_a_capital_taken_in_battle_is_no_bombing(run):
    """The defender's treasury taken with its capital is a loss in the attacker's battle after a battle that is no
    raid: not reported as bombing."""
    log = """\
    initial: {units: {Germany: [{type: armour, owner: Germans, count: 9}]}}
    events:
      - {type: step, round: 1, player: Germans, step: germanCombatMove}
      - {type: move, units: {armour: 9}, route: [Germany, Karelia S.S.R., Russia]}
      - {type: step, step: germanBattle}
      - {type: battle, territory: Russia, attacker: Germans, result: won}
      - {type: ownership, territory: Russia, new_owner: Germans}
      - {type: resources, player: Russians, resource: PUs, amount: -24, reason: bombing words in a capture}
      - {type: resources, player: Germans, resource: PUs, amount: 24}
      - {type: step, round: 1, player: Russians, step: russianPurchase}
"""
    assert run("classic", [BOMBING], log) == []
