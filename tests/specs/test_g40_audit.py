"""G40 Alt Universe, audited sentence by sentence: the compiled game's data behind the document's numbers and
the Axis/Allied control its objectives and victory triggers count.

TripleA's `alliedOwnershipTerritories` counts every player allied to the objective's owner, and a
Friendly_Neutral relationship is of the allied archetype: Pro-Axis neutrals (and a League turned
pro-Axis) would count as "the Axis". The document's "the Axis control" means Germany, Italy or Japan, so
those conditions count direct ownership by the alliance's members (`players`).
"""

from __future__ import annotations

from collections import defaultdict

from specs_helpers import compiled, options

from compiler.model import GameModel

AXIS = "Germans:Italians:Japanese"
ALLIES = {"Russians", "Americans", "Chinese", "British", "ANZAC", "French"}
INCOME = {"Germans": 44, "Russians": 42, "Japanese": 30, "Americans": 58, "Chinese": 23, "British": 45,
          "Italians": 14, "ANZAC": 12, "French": 32}
"""the document's income of each power (lines 37-99): China's and France's as on the income tracker"""


def model() -> GameModel:
    found = compiled("g40_alt_universe").model
    assert found is not None
    return found


def production_at_start(game: GameModel) -> dict[str, int]:
    """Each player's income at start: the production of the territories it owns."""
    value = {a.attach_to: int(o.value) for a in game.attachments if a.name == "territoryAttachment"
             for o in a.options if o.name == "production"}
    income: dict[str, int] = defaultdict(int)
    for owned in game.territory_owners:
        income[owned.owner] += value.get(owned.territory, 0)
    return income


def test_each_power_starts_with_the_documents_income() -> None:
    income = production_at_start(model())
    assert {p: income[p] for p in INCOME} == INCOME


def test_neutral_china_and_france_collect_12_and_16() -> None:
    game = model()
    china = options(game, "objectiveAttachment_Chinese_4_Internal_Hostilities", "Chinese")
    france = options(game, "objectiveAttachment_French_3_Non_Military_Spending", "French")
    assert INCOME["Chinese"] + int(china["objectiveValue"][0][0]) == 12
    assert INCOME["French"] + int(france["objectiveValue"][0][0]) == 16
    assert china["atWarPlayers"] == france["atWarPlayers"] == [(AXIS, "0")]


def test_axis_control_objectives_count_the_axis_powers_only() -> None:
    game = model()
    for name, to, count in [("objectiveAttachment_Germans_3_Control_Atlantic_Wall", "Germans", "6"),
                            ("objectiveAttachment_Germans_6_North_Sea_Resources", "Germans", "4"),
                            ("objectiveAttachment_Italians_3_Southern_Resources", "Italians", "5"),
                            ("conditionAttachmentAxisVictory1", "Germans", "14")]:
        found = options(game, name, to)
        assert "alliedOwnershipTerritories" not in found, name
        assert found["players"] == [(AXIS, "")] and found["directOwnershipTerritories"][0][1] == count, name


def test_allied_victory_counts_the_allied_powers_only() -> None:
    game = model()
    for name, count in [("conditionAttachmentAlliedVictory1", "18"), ("conditionAttachmentAlliedVictory2A", "15"),
                        ("conditionAttachmentAlliedVictory3A", "17"), ("conditionAttachmentAlliedVictory4", "16")]:
        found = options(game, name, "Russians")
        assert "alliedOwnershipTerritories" not in found, name
        assert set(found["players"][0][0].split(":")) == ALLIES, name
        cities, need = found["directOwnershipTerritories"][0]
        assert len(cities.split(":")) == 23 and need == count, name


def test_southern_shipping_lanes_count_axis_warships_at_war_or_not() -> None:
    found = options(model(), "objectiveAttachment_British_3_Southern_Shipping_Lanes", "British")
    assert "enemyExclusionTerritories" not in found
    assert found["players"] == [(AXIS, "")]
    zones, need = found["directExclusionTerritories"][0]
    assert zones.split(":") == [f"{n} Sea Zone" for n in (58, 68, 69, 83, 84)] and need == "5"
    assert found["unitPresence"] == [("battleship:carrier:submarine:destroyer:cruiser", "0")]


def test_level_3_lets_the_allies_into_french_territory() -> None:
    found = options(model(), "triggerAttachment_French_Escalation_Level_3", "French")
    changed = {v for v, _ in found["relationshipChange"]}
    assert changed == {f"{p}:French:anyNeutral:Friendly" for p in ALLIES - {"French"}}


def test_wartime_production_needs_the_us_minor_complex() -> None:
    game = model()
    for t in ("US5", "US11", "US13"):
        trigger = options(game, f"triggerAttachment_Americans_War_Production_{t}", "Americans")
        assert f"conditionAttachment_Americans_Minor_Factory_{t}" in trigger["trigger"][0][0].split(":")
        minor = options(game, f"conditionAttachment_Americans_Minor_Factory_{t}", "Americans")
        assert minor["directPresenceTerritories"] == [(t, "1")] and minor["unitPresence"] == [("factory_minor", "1")]


def test_complexes_are_kept_off_exactly_the_islands() -> None:
    game = model()
    water = {t.name for t in game.territories if t.water}
    land_neighbours: dict[str, set[str]] = defaultdict(set)
    for c in game.connections:
        if c.t1 not in water and c.t2 not in water:
            land_neighbours[c.t1].add(c.t2)
            land_neighbours[c.t2].add(c.t1)
    holders = {owned.territory for owned in game.territory_owners if owned.territory.endswith("Cap")}
    islands = {t.name for t in game.territories} - water - holders - set(land_neighbours)
    for factory, value in (("factory_minor", "2"), ("factory_major", "3"), ("factory_upgrade", "3")):
        found = options(game, "unitAttachment", factory)
        assert set(found["unitPlacementRestrictions"][0][0].split(":")) == islands, factory
        assert found["canOnlyBePlacedInTerritoryValuedAtX"] == [(value, "")], factory
