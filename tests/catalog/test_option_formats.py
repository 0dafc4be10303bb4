"""The value-format language of TripleA 2.x options (compiler.catalog.formats) and the catalog's formats."""

from __future__ import annotations

import pytest

from compiler.catalog import load_catalog
from compiler.catalog.formats import SPECIALS, describe, match, parse_format


def test_every_2x_option_has_a_well_formed_format() -> None:
    for engine in ("2.5", "2.6", "2.7"):
        for info in load_catalog(engine).attachment_classes():
            for option in info.options.values():
                assert option.format, (info.simple_name, option.name)
                if option.format.startswith("@"):
                    assert option.format[1:].partition(" ")[0] in SPECIALS
                else:
                    parse_format(option.format)
                assert describe(option.format)


def test_19_options_have_no_format() -> None:
    assert all(not o.format for c in load_catalog("1.9").attachment_classes() for o in c.options.values())


@pytest.mark.parametrize(("fmt", "value", "ok"), [
    ("int", "+5", True), ("int", "-5", True), ("int", "2147483648", False), ("int", " 1", False),
    ("int", "1.5", False), ("bool", "TRUE", True), ("bool", "yes", False),
    ("int[0,]:resource", "2:PUs", True), ("int[0,]:resource", "-1:PUs", False), ("int[0,]:resource", "PUs", False),
    ("int[-1,100]", "101", False), ("int[-1,100]", "-1", True),
    ("'default'|'true'|'false'", "TRUE", False), ("'war'i|'allied'i", "WAR", True),
    ("int:territory:unit* || territory:unit+", "Berlin", False),
    ("int:territory:unit* || territory:unit+", "2:Berlin", True),
    ("int:territory:unit* || territory:unit+", "Berlin:infantry", True),
    ("'any'i|player:'any'i|player:bool:(unit:int)+", "any:Reds:true:tank:2", True),
    ("'any'i|player:'any'i|player:bool:(unit:int)+", "any:Reds:true:tank:2:ship", False),
    ("'default' || int || int:'flat' || int[,100]:'percentage'", "101:percentage", False),
    ("'default' || int || int:'flat' || int[,100]:'percentage'", "50:percentage", True),
    ("int?:unit*", "2", True), ("dec:unit+", "1.5:tank", True), ("dec:unit+", "x:tank", False),
    ("'any'i:'currentRound'i|range:territory+", "any:2-4:Berlin", True),
    ("'any'i:'currentRound'i|range:territory+", "any:2:Berlin", False),
    ("@chance", "1:6", True), ("@chance", "6:1", False), ("@chance", "1", False), ("@chance", "1:121", False),
    ("@chance never", "1:6", False),
    ("@condition_type", "or", True), ("@condition_type", "XOR", True), ("@condition_type", "3-1", False),
    ("@condition_type", "2-2", False), ("@condition_type", "1-3", True),
    ("@rounds", "1:2-4:3-+", True), ("@rounds", "2-", False),
    ("@combat_damage", "1:2:unitsMayNotLandOnCarrier", True), ("@combat_damage", "2:1:unitsMayNotLandOnCarrier", False),
    ("@territory_resources", "2:PUs", False), ("@territory_resources", "2:Oil", True),
    ("@attachment_name UnitAttachment=unitAttachment", "unitAttachment:UnitAttachment", True),
    ("@attachment_name UnitAttachment=unitAttachment", "x:UnitAttachment", False),
    ("@attachment_name ~PlayerAttachment=playerAttachment", "playerAttatchment:PlayerAttachment", True),
])
def test_match(fmt: str, value: str, ok: bool) -> None:
    assert (match(fmt, value).problem is None) == ok, match(fmt, value)


def test_match_returns_the_names_it_read() -> None:
    assert match("int:territory:unit*", "2:Berlin:tank:fighter").names == (
        ("territory", "Berlin"), ("unit", "tank"), ("unit", "fighter"))
    assert match("@territory_list", "2:each:Berlin:controlled:Nowhere").names == (("territory", "Berlin"),)
    assert match("-support+", "-supportAttachmentA").names == (("support", "supportAttachmentA"),)


def test_catalog_value_problem_uses_the_format_for_2x_and_the_kind_for_19() -> None:
    assert load_catalog("2.7").value_problem("UnitAttachment", "fuelCost", "PUs", "-1")
    assert load_catalog("2.7").value_problem("UnitAttachment", "fuelCost", "PUs", "1") is None
    ua = "games.strategy.triplea.attachments.UnitAttachment"
    assert load_catalog("1.9").value_problem(ua, "movement", "two")
