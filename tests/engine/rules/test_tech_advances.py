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


# --- the frontier a purchase is priced from: the one the player buys from at that moment ---------------------------
SWITCH = ("      - {type: note, text: Germans now buy from productionIndustrialTechnology,\n"
          "         data: {frontier: productionIndustrialTechnology}}\n")
"""the change of frontier a save records (TripleA's ProductionFrontierChange, read as such a note)"""


def _switched(price: int, note: str = SWITCH, rolls: str = GAINED) -> str:
    purchase = "      - {type: step, step: germanPurchase}\n"
    return LOG.format(rolls=rolls, price=price).replace(purchase, purchase + note)


def test_a_recorded_change_of_frontier_prices_the_purchases_after_it(run):
    # productionIndustrialTechnology: fighter 11, infantry 2 (15), less 1 with Mass Production Aircraft
    assert run("classic", [TECH], _switched(14)) == []
    found = run("classic", [TECH], _switched(17))  # the price of the frontier they left
    assert where(found) == [("tech-advances", 1, "Germans", "germanPurchase", 11)]
    assert "pay 17 PUs for 1 fighter, 2 infantry; 14 due with their advances (frontier " \
           "productionIndustrialTechnology)" in found[0].message


def test_a_change_to_a_frontier_the_game_lacks_is_reported(run):
    found = run("classic", [TECH], _switched(17, SWITCH.replace("productionIndustrialTechnology}", "nowhere}")))
    assert [b.line for b in found] == [9, 11]
    assert "production frontier nowhere, which the game does not have" in found[0].message
    assert "cannot tell what is due: their production frontier nowhere is not known" in found[1].message


def test_an_unrecorded_industrial_technology_frontier_cannot_be_told(run):
    industrial = {**TECH, "advances": [*TECH["advances"], "Industrial Technology"]}
    rolls = GAINED + "\n      - {type: tech, advance: Industrial Technology, dice: [6], cost: {PUs: 5}}"
    found = run("classic", [industrial], LOG.format(rolls=rolls, price=14))
    assert where(found) == [("tech-advances", 1, "Germans", "germanPurchase", 10)]
    assert ("17 due in their frontier production with their advances; cannot tell: 14 is due in "
            "productionIndustrialTechnology, which Industrial Technology may have given them, but the history "
            "records no such change") in found[0].message
    # recorded: priced from the new frontier
    assert run("classic", [industrial], _switched(14, rolls=rolls)) == []
    # without the advance, the same purchase is plainly wrong
    assert "17 due with their advances (frontier production)" in run("classic", [industrial],
                                                                      LOG.format(rolls=GAINED, price=14))[0].message


def test_a_frontier_a_trigger_may_give_cannot_be_told_unless_recorded(world):
    # the Germans' frontier may become productionIndustrialTechnology by a trigger (as World.player_frontiers
    # says of a trigger's `frontier`): buying at its prices is undecided, not accepted, until a note records it
    from dataclasses import replace

    from compiler.engine import events as ev
    from compiler.engine.check import check_events
    from compiler.engine.state import UnitStack

    classic = world("classic")
    frontiers = {**classic.player_frontiers, "Germans": ["production", "productionIndustrialTechnology"]}
    triggered = replace(classic, player_frontiers=frontiers)
    buy = ev.Purchase(round=1, player="Germans", step="germanPurchase", cost={"PUs": 15},
                      units=[UnitStack(type="fighter", owner="Germans", count=1),
                             UnitStack(type="infantry", owner="Germans", count=2)])
    step = ev.StepStart(round=1, player="Germans", step="germanPurchase")
    rule = {"id": "tech-advances", "advances": ["Mechanized Infantry"], "die_cost": 5}
    found = check_events(triggered, [rule], triggered.initial, [step, buy], "log")
    assert len(found) == 1 and "which a trigger may have given them" in found[0].message
    assert check_events(classic, [rule], classic.initial, [step, buy], "log")[0].message.endswith(
        "18 due with their advances (frontier production)")
    note = ev.Note(round=1, player="Germans", step="germanPurchase", text="frontier changed",
                   data={"frontier": "productionIndustrialTechnology"})
    assert check_events(triggered, [rule], triggered.initial, [step, note, buy], "log") == []


def test_a_saves_production_frontier_change_is_read_as_such_a_note():
    # TripleA writes a ProductionFrontierChange (playerName, startFrontierName, endFrontierName) under the event
    # of the trigger or advance that changed it; the save reader makes it the note tech-advances reads
    from javaobj.v2.beans import ClassDescType, FieldType, JavaClassDesc, JavaField, JavaInstance

    from compiler.saves.groups import EventGroup
    from compiler.saves.history import _convert

    desc = JavaClassDesc(ClassDescType.NORMALCLASS)
    desc.name = "games.strategy.engine.data.changefactory.ProductionFrontierChange"
    change = JavaInstance()
    change.classdesc = desc
    change.field_data = {desc: {JavaField(FieldType.OBJECT, k): v for k, v in {
        "playerName": "Germans", "startFrontierName": "production",
        "endFrontierName": "productionIndustrialTechnology"}.items()}}
    group = EventGroup(1, "germanTech", "Germans", "tech", "Trigger T: Germans has their production frontier "
                       "changed to: productionIndustrialTechnology", changes=[change])
    notes = [e for e in _convert(group, {"Germans"}, {}, {}) if e.type == "note" and e.data.get("frontier")]
    assert [(n.data["player"], n.data["frontier"], n.data["previous"]) for n in notes] == [
        ("Germans", "productionIndustrialTechnology", "production")]
