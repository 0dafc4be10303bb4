"""tech-advances: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

TECH = {
    "id": "tech-advances",
    "advances": ["Mass Production Aircraft", "Mechanized Infantry", "Merchant Marine", "Atomic Bomb"],
    "die_cost": 5,
    "double_cost": ["Atomic Bomb"],
    "costs": {"Mass Production Aircraft": {"fighter": -1, "bomber": -1}},
    "movement": {"Mechanized Infantry": {"infantry": 2}},
    "capacity": {"Merchant Marine": 2},
    "transport": {"capacity": {"transport": 2}, "sizes": {"infantry": 1, "armour": 2}},
}

LOG = """\
    initial: {{units: {{Baltic Sea Zone: [{{type: transport, owner: Germans, count: 1}},
                                          {{type: infantry, owner: Germans, count: 4}}]}}}}
    events:
      - {{type: step, round: 1, player: Germans, step: germanTech}}
{rolls}
      - {{type: step, step: germanPurchase}}
      - {{type: purchase, units: {{fighter: 1, infantry: 2}}, cost: {{PUs: {price}}}}}
      - {{type: step, step: germanCombatMove}}
      - {{type: move, units: {{infantry: 2}}, route: [East Europe, Ukraine S.S.R., Caucasus]}}
      - {{type: move, units: {{transport: 1, infantry: 4}}, route: [Baltic Sea Zone, North Sea Zone]}}
"""
GAINED = """\
      - {type: tech, advance: Mass Production Aircraft, dice: [6], cost: {PUs: 5}}
      - {type: tech, advance: Mechanized Infantry, dice: [2, 6], cost: {PUs: 10}}
      - {type: tech, advance: Merchant Marine, dice: [6], success: true, cost: {PUs: 5}}"""


def test_tech_advances_keeps(run):
    # the classic map's cheapest prices cost 15 for these; Mass Production Aircraft takes 1 off the fighter
    assert run("classic", [TECH], LOG.format(rolls=GAINED, price=14)) == []


def test_tech_advances_breaks_without_the_advances(run):
    found = run("classic", [TECH], LOG.format(rolls="      - {type: note, text: no research}", price=14))
    assert where(found) == [("tech-advances", 1, "Germans", "germanPurchase", 7),
                            ("tech-advances", 1, "Germans", "germanCombatMove", 9),
                            ("tech-advances", 1, "Germans", "germanCombatMove", 10)]
    assert "15 due" in found[0].message and "at most 1" in found[1].message and "they hold 2" in found[2].message


def test_tech_advances_breaks_research(run):
    rolls = """\
      - {type: tech, advance: Jet Power, dice: [3], cost: {PUs: 5}}
      - {type: tech, advance: Atomic Bomb, dice: [3], cost: {PUs: 5}}"""
    found = run("classic", [TECH], LOG.format(rolls=rolls, price=15))
    assert [b.line for b in found] == [5, 6, 10, 11]
    assert "not an advance of the game" in found[0].message and "10 due" in found[1].message
