"""The catalog's query API resolves names the way each TripleA engine does."""

from __future__ import annotations

import json

import pytest

from compiler import engines
from compiler.catalog import (
    CATALOG_DIR,
    ENGINES,
    load_catalog,
    option_versions,
    suggest,
    suggestions,
)
from compiler.catalog.values import value_problem

UNIT = "games.strategy.triplea.attachments.UnitAttachment"
RULES = "games.strategy.triplea.attachments.RulesAttachment"
TERRITORY = "games.strategy.triplea.attachments.TerritoryAttachment"


@pytest.fixture(scope="module")
def cat2():
    return load_catalog("2.x")


@pytest.fixture(scope="module")
def cat19():
    return load_catalog("1.9")


def test_cached_and_engine_keys() -> None:
    assert load_catalog() is load_catalog("latest") is load_catalog("2026-08") is load_catalog("2026-08.16.15726")
    assert load_catalog("2.x") is load_catalog("2.7") is load_catalog("2.7.15622")
    assert load_catalog("1.9.0.0.7062") is load_catalog("1.9")
    with pytest.raises(ValueError, match="unknown engine"):
        load_catalog("3.0")


def test_class_names_per_engine(cat2, cat19) -> None:
    assert cat2.attachment_class("UnitAttachment").java_class == UNIT
    assert cat2.attachment_class("some.other.pkg.UnitAttachment").java_class == UNIT
    assert cat19.attachment_class(UNIT).simple_name == "UnitAttachment"
    assert cat19.attachment_class("UnitAttachment") is None  # 1.9 wants the qualified name
    assert cat2.attachment_class("unitAttachment") is None  # class names are case-sensitive
    assert cat2.attachment_class(TERRITORY).attach_types == ("territory",)


def test_attachment_names(cat2, cat19) -> None:
    assert cat2.attachment_name_ok(UNIT, "unitAttachment")
    assert not cat2.attachment_name_ok(UNIT, "unitAttachmentX")
    assert cat2.attachment_name_ok(TERRITORY, "territoryAttatchment")  # 2.x fixes the old spelling
    assert not cat19.attachment_name_ok(TERRITORY, "territoryAttatchment")
    assert cat2.attachment_name_ok("CanalAttachment", "canalAttachmentSuez")
    assert not cat2.attachment_name_ok("CanalAttachment", "suezCanal")
    assert cat2.attachment_name_ok("TriggerAttachment", "anything")
    assert cat2.attachment_name_ok("NoSuchAttachment", "x") is None


def test_option_first_letter_either_case_rest_exact(cat2, cat19) -> None:
    for cat in (cat2, cat19):
        assert cat.option(UNIT, "isAir").kind == "bool"
        assert cat.option(UNIT, "IsAir").name == "isAir"
        assert cat.option(UNIT, "isair") is None
    assert cat2.option("games.strategy.triplea.attachments.TechAttachment", "AARadar").name == "aARadar"


def test_legacy_names_2x_only(cat2, cat19) -> None:
    assert cat2.option(UNIT, "isParatroop").name == "isAirTransportable"
    assert cat2.option(UNIT, "ISINFANTRY").name == "isLandTransportable"
    assert cat2.option(TERRITORY, "occupiedTerrOf").name == "originalOwner"
    assert cat19.option(UNIT, "isParatroop").replaced_by == "isAirTransportable"
    assert cat19.option(UNIT, "isLandTransportable") is None
    assert cat2.ignored_option("takeUnitControl", "x") and cat2.ignored_option("giveUnitControl", "true")
    assert not cat2.ignored_option("giveUnitControl", "Germans") and not cat19.ignored_option("takeUnitControl", "x")


def test_versions_and_since(cat2) -> None:
    calendar = {"2026-06", "2026-07", "2026-08"}
    assert option_versions(UNIT, "canEvade") == {"2.5", "2.6", "2.7"} | calendar
    assert cat2.option_versions(UNIT, "attack") == {"1.9", "2.5", "2.6", "2.7"} | calendar
    assert option_versions(UNIT, "noSuchOption") == frozenset()
    assert cat2.option(UNIT, "canEvade").since == "2.0"
    # RulesAttachment.isAI came with 2.6.14517 (PR #11979): a 2.5 game may not use it
    assert cat2.option(RULES, "isAI").since == "2.6"
    assert option_versions(RULES, "isAI") == {"2.6", "2.7"} | calendar
    assert load_catalog("2.5").option(RULES, "isAI") is None
    assert load_catalog("2.x").line == "2.7" and load_catalog("2.6").engine == "2.x"


def test_engine_names() -> None:
    assert [engines.line(e) for e in engines.engine_names()] == [
        "2026-08", "2.7", "2026-08", "2026-07", "2026-06", "2.7", "2.6", "2.5", "1.9"]
    assert engines.family("1.9.0.0.7062") == "1.9" and engines.family("2.6") == "2.x"
    assert engines.family("latest") == "2.x"
    assert engines.in_line("2.6", "2.6") and not engines.in_line("2.5", "2.6")
    assert engines.in_line("2026-08", "2.6") and not engines.in_line("2026-08", "2.5", until="2.7")
    with pytest.raises(ValueError, match="unknown engine"):
        engines.release("3.1")


def test_kinds_and_count(cat2) -> None:
    assert cat2.option(UNIT, "movement").kind == "int"
    assert cat2.option(UNIT, "canInvadeOnlyFrom").kind == "territories_or_all_none"
    created = cat2.option(UNIT, "createsUnitsList")
    assert created.kind == "count:unit" and created.count
    assert cat2.option(RULES, "directOwnershipTerritories").count
    assert not cat2.option(UNIT, "attack").count
    assert cat2.kind_description("chance").startswith("hits:dice")
    assert "one of" in cat2.kind_description("enum:war|allied|neutral")
    assert cat2.option(UNIT, "isSub").deprecated  # 2.x still accepts it and converts it


def test_read_only_2x_properties_are_not_options(cat2) -> None:
    support = cat2.attachment_class("UnitSupportAttachment")
    assert "offence" in support.read_only and "offence" not in support.options
    assert cat2.option("UnitSupportAttachment", "side").kind == "support_side"


def test_properties(cat2, cat19) -> None:
    assert cat2.property("Low Luck").kind == "bool"
    assert cat2.property("maxFactoriesPerTerritory").kind == "int"
    assert cat2.property("MaxFactoriesPerTerritory") is None  # exact names
    assert cat2.property("Units repair at end of round").name == "Units Repair Hits End Turn"
    assert cat19.property("Units repair at end of round") is None
    assert cat2.property("notes").ignored and not cat19.property("notes").ignored
    assert cat2.property("Germans bid", players=["Germans"]).pattern == "{player} bid"
    assert cat2.property("Martians bid", players=["Germans"]) is None
    assert cat2.property("Axis Total Victory VCs", alliances=["Axis"]).kind == "int"
    assert {"Low Luck", "WW2V3", "Use Triggers", "mapName"} <= cat2.property_names()
    assert "Land Battles May Be Ignored" in cat2.property_names() - cat19.property_names()


def test_delegates_and_steps(cat2, cat19) -> None:
    full = "games.strategy.triplea.delegate.MoveDelegate"
    assert cat2.delegate("MoveDelegate").java_class == full
    assert cat19.delegate(full) and cat19.delegate("MoveDelegate") is None
    assert cat2.delegate("games.strategy.twoIfBySea.delegate.InitDelegate").simple_name == "InitializationDelegate"
    assert cat2.delegate("games.strategy.triplea.delegate.NoSuchDelegate") is None
    assert {"nonCombatMove", "combatMove", "airborneMove", "bid", "repairUnits"} <= cat2.step_property_names()
    assert "onlyRepairIfDisabled" in cat2.step_property_names() - cat19.step_property_names()
    assert cat2.loader_known("games.strategy.triplea.TripleA")


def test_suggest() -> None:
    names = ["attack", "attackAA", "defense", "isAir"]
    assert suggest("atack", names) == "attack"
    assert suggest("IsAIR", names) == "isAir"
    assert suggest("zzzz", names) is None
    assert suggestions("attak", names)[0] == "attack"


def test_json_is_consistent() -> None:
    data = json.loads((CATALOG_DIR / "attachments.json").read_text())
    kinds = data["kinds"]
    for java_class, info in data["classes"].items():
        assert java_class.endswith("." + info["simple_name"])
        for name, opt in info["options"].items():
            assert set(opt["engines"]) <= set(ENGINES) and opt["engines"], (java_class, name)
            assert opt["kind"] in kinds or opt["kind"].startswith("enum:"), (java_class, name, opt["kind"])
            assert opt.get("count", False) == opt["kind"].startswith("count:"), (java_class, name)


def test_value_problems() -> None:
    assert value_problem("bool", "TRUE") is None and "not true or false" in value_problem("bool", "yes")
    assert value_problem("int", "-3") is None and value_problem("int", "3.5")
    assert value_problem("int", "99999999999")  # beyond Java's int
    assert value_problem("int_or_bool", "true") is None
    assert value_problem("enum:war|allied|neutral", "War") is None and value_problem("enum:war|allied|neutral", "x")
    assert value_problem("chance", "1:6") is None and value_problem("chance", "1/6")
    assert value_problem("count:unit", "infantry", "2") is None and value_problem("count:unit", "infantry", "two")
    assert value_problem("count:territories", "a:b", "each") is None
    assert value_problem("count:combat_damage", "unitsMayNotLeaveAlliedCarrier", "1:2") is None
    assert value_problem("int", "$bonus$") is None  # variables expand later
    assert value_problem("territories", "anything") is None  # not checked here
