"""The key facts of each seed document, read back from the compiled game (and the spec's house
rules): unit stats and costs, canals, the politics schedule, victory conditions, the 36 spaces,
and the documents' worked examples where they are data."""

from __future__ import annotations

import pytest
from specs_helpers import cached_spec, compiled, options, unit_cost, unit_stats

from compiler.model import GameModel
from compiler.spec.models import Spec


def model_of(name: str) -> GameModel:
    model = compiled(name).model
    assert model is not None
    return model


def house_rule(spec: Spec, rule_id: str) -> list[dict[str, object]]:
    return [dict(h.model_extra or {}) for h in spec.house_rules if h.id == rule_id]


def canal_land(model: GameModel, canal: str) -> dict[str, str]:
    """sea zone -> land territories of a canal."""
    return {a.attach_to: o.value for a in model.attachments if a.java_class.endswith("CanalAttachment")
            for o in a.options if o.name == "landTerritories"
            if any(x.name == "canalName" and x.value == canal for x in a.options)}


# ---------------------------------------------------------------- Aggression 1939
AGGRESSION_UNITS = {  # the document's tables: attack, defence, movement, upkeep, cost
    "infantry": (2, 3, 1, 2, 30), "artillery": (3, 3, 1, 2, 40), "armour": (4, 4, 2, 3, 50),
    "siberian": (3, 4, 1, 2, 20), "l.cavalry": (1, 3, 2, 2, 20), "h.cavalry": (3, 3, 2, 2, 30),
    "transport": (0, 0, 2, 2, 40), "destroyer": (1, 2, 2, 2, 35), "cruiser": (3, 3, 2, 3, 50),
    "carrier": (1, 2, 2, 2, 50), "boat": (1, 2, 2, 2, 30), "submarine": (2, 2, 1, 2, None),
    "fighter": (2, 2, 4, 3, 40), "bomber": (1, 1, 6, 3, 60),
}


@pytest.mark.parametrize("unit", sorted(AGGRESSION_UNITS))
def test_aggression_unit_table(unit: str) -> None:
    model = model_of("aggression_1939")
    attack, defense, movement, upkeep, cost = AGGRESSION_UNITS[unit]
    stats = unit_stats(model, unit)
    assert (stats["attack"], stats["defense"], stats["movement"]) == (str(attack), str(defense), str(movement))
    assert stats["createsResourcesList"] == f"-{upkeep}:PUs"
    assert unit_cost(model, unit) == cost


def test_aggression_air_values_and_special_units() -> None:
    model = model_of("aggression_1939")
    fighter = unit_stats(model, "fighter")
    assert (fighter["airAttack"], fighter["airDefense"], fighter["canIntercept"]) == ("3", "3", "true")
    assert unit_stats(model, "bomber")["bombingMaxDieSides"] == "3"
    assert unit_stats(model, "carrier")["carrierCapacity"] == "2"
    assert unit_stats(model, "trench")["createsResourcesList"] == "-1:PUs"
    assert unit_cost(model, "factory") is None  # factories cannot be built
    china = next(f for f in model.production_frontiers if f.name == "productionChina")
    assert set(china.rules) == {"buyL.cavalry", "buyH.cavalry", "buyTrench"}
    russia = next(f for f in model.production_frontiers if f.name == "productionRussia")
    assert {"buySiberian", "buyBoat"} <= set(russia.rules)


def test_aggression_canals() -> None:
    model = model_of("aggression_1939")
    assert set(canal_land(model, "Suez Canal").values()) == {"Cairo:Middle East"}
    assert set(canal_land(model, "Kiel Canal").values()) == {"Germany"}
    assert set(canal_land(model, "Panama Canal").values()) == {"E.Mexico"}


def test_aggression_politics_schedule() -> None:
    spec = cached_spec("aggression_1939")
    assert spec.politics is not None
    schedule = {e.name: (e.round, e.when, e.player) for e in spec.politics.schedule}
    assert schedule == {
        "BeneluxJoinsEngland": (1, "after:englandEndTurn", "England"),
        "ItalyJoins": (2, "after:germanyEndTurn", "Italy"),
        "GreeceJoinsEngland": (3, "after:germanyEndTurn", "England"),
        "HungaryJoinsGermany": (4, "after:germanyEndTurn", "Germany"),
        "RomaniaJoinsGermany": (5, "after:englandEndTurn", "Germany"),
        "YugoslaviaJoinsEngland": (5, "after:englandEndTurn", "England"),
        "FinlandJoinsGermany": (7, "after:germanyEndTurn", "Germany"),
        "RussiaJoins": (7, "after:englandEndTurn", "Russia"),
        "JapanJoins": (9, "after:englandEndTurn", "Japan"),
        "ChinaJoins": (9, "after:englandEndTurn", "China"),
        "USAJoins": (10, "after:englandEndTurn", "America"),
    }
    model = model_of("aggression_1939")
    assert options(model, "conditionAttachmentRomaniaJoinsGermany", "Germany")["rounds"] == [("5", "")]
    trigger = options(model, "triggerAttachmentRomaniaJoinsGermany", "Germany")
    assert trigger["changeOwnership"] == [("Romania:NeutralNations:Germany:true", "")]
    assert trigger["when"] == [("after:englandEndTurn", "")]
    italy = options(model, "triggerAttachmentItalyJoins", "Italy")
    assert ("Sea Zone 25:cruiser", "1") in italy["placement"]
    removal = options(model, "triggerAttachmentItalyJoinsRemove", "NeutralNations")
    assert ("Sea Zone 25:neutralcruiser", "1") in removal["removeUnits"]


def test_aggression_victory_all_capitals() -> None:
    model = model_of("aggression_1939")
    capitals = "Germany:N.Italy:Japan:E.USA:Britain:Moscow:Sinkiang"
    axis = options(model, "conditionAttachmentAxisHoldAllCapitals", "Germany")
    assert axis["alliedOwnershipTerritories"] == [(capitals, "7")]
    trigger = options(model, "triggerAttachmentAxisHoldAllCapitals", "Germany")
    assert trigger["victory"] == [("AXIS_VICTORY_UNCONDITIONAL", "")]
    assert trigger["players"] == [("Germany:Italy:Japan", "")]
    assert {a.attach_to for a in model.attachments if a.name.startswith("objectiveAttachment")} >= {"Germany", "Russia"}
    seven = [a for a in model.attachments if a.name.startswith("objectiveAttachment")]
    assert len(seven) == 7 and all(int(o.value) < 0 for a in seven for o in a.options if o.name == "objectiveValue")


# ---------------------------------------------------------------- G40 Alt Universe
CITIES = 23


def test_g40_victory_held_for_a_round() -> None:
    spec = cached_spec("g40_alt_universe")
    axis, allies = house_rule(spec, "victory-held-round")
    assert axis["winners"] == "Axis" and len(axis["territories"]) == CITIES  # type: ignore[arg-type]
    assert axis["conditions"] == [{"controller": "Axis", "at_least": 14}]
    assert allies["conditions"] == [{"controller": "Axis", "fewer_than": 6},
                                    {"controller": "Axis", "fewer_than": 8, "from_round": 8}]


def test_g40_straits_sea_zone_76_and_declarations() -> None:
    spec = cached_spec("g40_alt_universe")
    pairs = {frozenset(s.between) for s in spec.straits.values()}
    assert pairs == {frozenset(p) for p in (("UK5", "F3"), ("G19", "I1"), ("C10", "C11"), ("C10", "J1"), ("C9", "J1"),
                                             ("C16", "J1"), ("C16", "J8"))}
    model = model_of("g40_alt_universe")
    joined = {frozenset((c.t1, c.t2)) for c in model.connections}
    assert pairs <= joined  # land and air units can cross
    (strait,) = house_rule(spec, "strait-crossing")
    assert strait["granted"] == {"French": ["British", "Americans", "ANZAC", "Russians", "Chinese"]}
    # Japan may use the strait while not at war with China (and on the turn it declares that war)
    assert house_rule(spec, "naval-end-zone") == [
        {"zone": "76 Sea Zone", "exempt_when": {"Japanese": {"not_at_war": [["Japanese", "Chinese"]]}}}]
    before = {r["player"]: r["before_round"] for r in house_rule(spec, "war-declaration-timing")}
    assert before == {"Russians": 3, "Americans": 3, "Chinese": 3}
    (france,) = house_rule(spec, "french-escalation")
    assert (france["player"], france.get("move_limit", 3), france["protected"]) == ("French", 3, ["UK19"])


def test_g40_starting_ipcs() -> None:
    model = model_of("g40_alt_universe")
    given = {r.player: int(r.quantity) for r in model.resources_given if r.resource == "PUs"}
    assert given == {"Germans": 44, "Russians": 42, "Japanese": 30, "Americans": 58, "Chinese": 12, "British": 45,
                     "Italians": 14, "ANZAC": 12, "French": 16}


def test_g40_unenforced_section_is_house_rules() -> None:
    spec = cached_spec("g40_alt_universe")
    section = [r for r in spec.rules if r.rule.startswith(("Unenforced:", "Edit mode:", "No workaround:"))]
    assert len(section) == 9  # 5 users-to-enforce, 3 edit-mode workarounds, 1 without workaround
    assert all(r.realization == "house-rule" and r.house_rule for r in section)


# ---------------------------------------------------------------- Empire
EMPIRE_UNITS = {  # cost, movement, attack, defence, transport cost, stack limit
    "infantry": (10, 1, 2, 2, 1, 12), "cavalry": (25, 2, 3, 3, 2, 4), "catapult": (40, 1, 4, 4, 3, 2),
}


@pytest.mark.parametrize("unit", sorted(EMPIRE_UNITS))
def test_empire_troops(unit: str) -> None:
    model = model_of("empire")
    cost, movement, attack, defense, transport_cost, stack = EMPIRE_UNITS[unit]
    stats = unit_stats(model, unit)
    assert unit_cost(model, unit) == cost
    assert (stats["movement"], stats["attack"], stats["defense"]) == (str(movement), str(attack), str(defense))
    assert stats["transportCost"] == str(transport_cost)
    assert stats["movementLimit"] == f"{stack}:allied"
    assert stats["maxBuiltPerPlayer"] == {"infantry": "18", "cavalry": "6", "catapult": "3"}[unit]


def test_empire_ships_cities_and_inflation() -> None:
    model = model_of("empire")
    assert (unit_cost(model, "transport"), unit_stats(model, "transport")["transportCapacity"]) == (15, "13")
    assert (unit_cost(model, "warship"), unit_stats(model, "warship")["transportCapacity"]) == (25, "4")
    assert (unit_cost(model, "city"), unit_cost(model, "fortified_city")) == (30, 55)
    assert unit_cost(model, "fortification_upgrade") == 25
    assert unit_stats(model, "catapult")["attackRolls"] == "2"
    (inflation,) = house_rule(cached_spec("empire"), "inflation")
    assert inflation["thresholds"] == [{"income": 105, "multiplier": 2}, {"income": 205, "multiplier": 3}]
    frontiers = {f.name for f in model.production_frontiers}
    assert {"double", "triple"} <= frontiers


def test_empire_truce_at_start() -> None:
    model = model_of("empire")
    truces = {(r.type, r.round_value) for r in model.relationships}
    assert len(model.relationships) == 15 and truces == {("TruceII", "1")}  # made in round 1: war from round 3
    (truce,) = house_rule(cached_spec("empire"), "truce-expiry")
    assert truce["truce_types"] == {"TruceI": 1, "TruceII": 2, "TruceIII": 3} and "until_round" not in truce
    assert not any("UnledUnits" in a.name for a in model.attachments)  # AI version: no desertion


# ---------------------------------------------------------------- DiBerardino Classic
def test_diberardino_resources_and_factories() -> None:
    model = model_of("diberardino_classic")
    production = {a.attach_to: int(o.value) for a in model.attachments if a.name == "territoryAttachment"
                  for o in a.options if o.name == "production"}
    owners = {o.territory: o.owner for o in model.territory_owners}
    totals: dict[str, int] = {}
    for territory, value in production.items():
        if territory in owners:
            totals[owners[territory]] = totals.get(owners[territory], 0) + value
    assert totals == {"Americans": 13, "British": 9, "Russians": 6, "Chinese": 3, "Germans": 13, "Japanese": 7}
    assert (production["Spain"], production["Sweden"], production["Eire"]) == (1, 1, 0)
    factories = {p.territory for p in model.unit_placements if p.unit_type == "factory"}
    assert factories == {"East US", "West US", "United Kingdom", "India", "Caucasus", "Russia", "Soviet Far East",
                         "China", "Germany", "West Europe", "East Europe", "South Europe", "Japan"}


def test_diberardino_costs_and_china() -> None:
    model = model_of("diberardino_classic")
    costs = {u: unit_cost(model, u) for u in ("infantry", "armour", "fighter", "bomber", "aaGun", "battleship",
                                              "carrier", "transport", "submarine", "factory")}
    assert costs == {"infantry": 1, "armour": 2, "fighter": 4, "bomber": 5, "aaGun": 2, "battleship": 7,
                     "carrier": 5, "transport": 3, "submarine": 3, "factory": 5}
    china = next(f for f in model.production_frontiers if f.name == "productionChina")
    assert not {"buyBattleship", "buyCarrier", "buyTransport", "buySubmarine"} & set(china.rules)
    assert set(canal_land(model, "Suez Canal").values()) == {"Anglo Sudan Egypt"}
    assert set(canal_land(model, "Black Sea Straits").values()) == {"Turkey"}


def test_diberardino_scorched_earth_halves() -> None:
    """Half, rounded down, to foreign conquerors: the objective takes back the other part."""
    spec = cached_spec("diberardino_classic")
    values = {"Caucasus": 3, "Russia": 1, "Novosibirsk": 1, "Soviet Far East": 1, "Ukraine S.S.R.": 2}
    for o in spec.objectives:
        if "Scorched" in o.name:
            (territory,) = o.owns[0].territories
            assert values[territory] + o.value == values[territory] // 2
    rail = {tuple(p["players"]): p["limit"] for p in house_rule(spec, "rail-movement")[0]["pools"]}  # type: ignore[index]
    assert rail == {("British", "Americans"): 1, ("Russians",): 1, ("Chinese", "Americans"): 1, ("Germans",): 2,
                    ("Japanese",): 1}
    (air,) = house_rule(spec, "air-range")
    assert air["ranges"] == {"fighter": {"combat": 1, "noncombat": 2}, "bomber": {"combat": 2, "noncombat": 4}}


# ---------------------------------------------------------------- Allies vs Axis
def test_allies_vs_axis_board_of_36_spaces() -> None:
    model = model_of("allies_vs_axis")
    board_game = cached_spec("allies_vs_axis").board_game
    assert board_game is not None
    board = board_game.board
    names = [s.name for s in board]
    assert [t.name for t in model.territories] == names and len(names) == 36
    kinds = [s.kind for s in board]
    assert kinds.count("territory") == 24 and kinds.count("fortune") == 3 and kinds.count("strategy") == 3
    assert [i + 1 for i, k in enumerate(kinds) if k == "secret"] == [5, 14, 23, 32]
    assert names[0] == "Britain" and {names[9], names[27]} == {"Japan", "US"}
    joined = {frozenset((c.t1, c.t2)) for c in model.connections}
    assert all(frozenset((names[i], names[(i + 1) % 36])) in joined for i in range(36))
    impassable = {a.attach_to for a in model.attachments for o in a.options
                  if o.name == "isImpassable" and o.value == "true"}
    # the four secret spaces and the two special ones (line 149: no side takes Japan or the US by force)
    assert impassable == {names[4], names[13], names[22], names[31], "Japan", "US"}
    # a connection around each impassable space keeps the ring walkable
    assert all(frozenset((names[i - 1], names[(i + 1) % 36])) in joined
               for i in range(36) if names[i] in impassable)
    assert not {o.territory for o in model.territory_owners} & {"Japan", "US"}


def _power(model: GameModel, army: dict[str, int], defending: bool) -> int:
    """Power of an army: its values plus, defending, the support each unit gets (one per weaker type)."""
    value = "defense" if defending else "attack"
    total = sum(int(unit_stats(model, u)[value]) * n for u, n in army.items())
    if defending:
        for a in model.attachments:
            if a.java_class.endswith("UnitSupportAttachment"):
                o = {x.name: x.value for x in a.options}
                given = army.get(a.attach_to, 0) * int(o["number"])
                total += min(given, army.get(o["unitType"], 0)) * int(o["bonus"])
    return total


def test_allies_vs_axis_units_and_worked_examples() -> None:
    model = model_of("allies_vs_axis")
    assert {u: unit_cost(model, u) for u in ("infantry", "tank", "aircraft", "battleship")} == {
        "infantry": 50, "tank": 140, "aircraft": 220, "battleship": 300}
    one_each = {"infantry": 1, "tank": 1, "aircraft": 1, "battleship": 1}
    assert _power(model, one_each, defending=False) == 16  # the document's invade power example
    assert _power(model, one_each, defending=True) == 22  # the document's defend power example
    properties = {p.name: p.value for p in model.properties}
    assert (properties["Total Victory"], properties["Allies Total Victory VCs"], properties["Axis Total Victory VCs"]) \
        == ("true", "2", "2")  # sudden death: holding both main countries (the only victory cities) wins
