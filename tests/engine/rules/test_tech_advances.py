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
    # the Germans' frontier ("production": fighter 12, infantry 3) makes these cost 18; Mass Production Aircraft
    # takes 1 off the fighter
    assert run("classic", [TECH], LOG.format(rolls=GAINED, price=17)) == []


def test_tech_advances_breaks_without_the_advances(run):
    found = run("classic", [TECH], LOG.format(rolls="      - {type: note, text: no research}", price=17))
    assert where(found) == [("tech-advances", 1, "Germans", "germanPurchase", 7),
                            ("tech-advances", 1, "Germans", "germanCombatMove", 9),
                            ("tech-advances", 1, "Germans", "germanCombatMove", 10)]
    assert "18 due" in found[0].message and "at most 1" in found[1].message and "they hold 2" in found[2].message


def test_tech_advances_breaks_research(run):
    rolls = """\
      - {type: tech, advance: Jet Power, dice: [3], cost: {PUs: 5}}
      - {type: tech, advance: Atomic Bomb, dice: [3], cost: {PUs: 5}}"""
    found = run("classic", [TECH], LOG.format(rolls=rolls, price=18))
    assert [b.line for b in found] == [5, 6, 10, 11]
    assert "not an advance of the game" in found[0].message and "10 due" in found[1].message


def test_prices_come_from_the_players_own_frontier(run):
    # 15 is what the cheapest rules of any frontier ask (productionIndustrialTechnology: fighter 11, infantry 2),
    # which the Germans do not buy from
    found = run("classic", [TECH], LOG.format(rolls=GAINED, price=14))
    assert "pay 14 PUs for 1 fighter, 2 infantry; 17 due" in found[0].message


def test_a_real_save_pays_its_frontiers_prices(shared):
    # Revised: the Russians buy infantry at 3 PUs from their frontier "production"; 2 PUs is the price of
    # productionIndustrialTechnology, which nobody buys from (the engine once took it: "3 PUs ...; 2 due")
    # NWO: Elite and ArmoredCar come 2 for 7 PUs (the engine once counted 3 a unit: "60 PUs ...; 58 due")
    from compiler.engine.check import check_events
    from compiler.saves import read_save

    rule = {"id": "tech-advances", "advances": ["Mechanized Infantry"], "die_cost": 5}
    for name in ("revised_during_land_to_land_combat", "nwo_smalls_ai_game_during_combat"):
        saved = read_save(shared / "reference" / "saves" / f"{name}.tsvg", world=True)
        assert saved.world is not None
        assert saved.world.player_frontiers["Russians"][0].startswith("production")
        purchases = [e for e in saved.events if e.type == "purchase"]
        found = check_events(saved.world, [rule], saved.world.initial, saved.events, name)
        assert purchases and [p for p in found if p.is_error] == []  # a warning: the Revised Russians' activated
        # Long Range Aircraft, which the rule does not name (tests/saves/test_save_advances.py)
    # the save's frontiers are its game's (the ww2v2 XML it was played from)
    from compiler.engine.world import build_world
    from compiler.xml.parse import parse_file

    from_xml = build_world(parse_file(shared / "reference" / "corpus" / "ww2v2.xml").model)
    assert (saved.world.frontier_costs, saved.world.player_frontiers) != ({}, {})
    revised = read_save(shared / "reference" / "saves" / "revised_during_land_to_land_combat.tsvg", world=True).world
    assert revised is not None
    assert (revised.frontier_costs, revised.player_frontiers) == (from_xml.frontier_costs, from_xml.player_frontiers)
