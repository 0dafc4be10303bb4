"""gated-option: options TripleA ignores because the game property that gates them is off, on mutants of real
games, and the gates table against TripleA 2.7's source (the oracle kit's copy)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from game_factory import game_xml, line_of, problems_of
from reference_data import REFERENCE, need

from compiler.catalog import load_catalog
from compiler.checks._gates import GATES
from compiler.problems import Problem

ROOT = Path(__file__).resolve().parents[2]
CORPUS = REFERENCE / "corpus"
ORACLE_SRC = REFERENCE / "triplea-2.x" / "oracle" / "src" / "triplea" / "game-app" / "game-core" / "src" / "main" \
    / "java" / "games" / "strategy"
RA = "games.strategy.triplea.attachments.RulesAttachment"
TRA = "games.strategy.triplea.attachments.TriggerAttachment"
UAA = "games.strategy.triplea.attachments.UserActionAttachment"
UA = "games.strategy.triplea.attachments.UnitAttachment"


def _gated(xml: str, path: str = "game.xml") -> list[Problem]:
    return [p for p in problems_of(xml, engine="2.7", path=path) if p.code == "gated-option"]


def _real(name: str) -> str:
    path = CORPUS / name
    need(path.is_file(), f"the shared corpus game {name}")
    return path.read_text(encoding="utf-8")


def _property(xml: str, name: str, replacement: str) -> str:
    """`xml` with the <property name=`name` ...>...</property> element replaced by `replacement`."""
    pattern = re.compile(rf'<property name="{re.escape(name)}"[^>]*?(/>|>.*?</property>)', re.DOTALL)
    assert pattern.search(xml), name
    return pattern.sub(replacement, xml, count=1)


# --- National Objectives on WW2v3-1941 (17 objectives with a value; the property true and editable) -----------
def test_real_game_with_the_property_on_is_clean() -> None:
    assert _gated(_real("WW2v3-1941.xml")) == []


@pytest.mark.parametrize("replacement, why", [
    ("", "the game has no property 'National Objectives'"),
    ('<property name="National Objectives" value="false" editable="false"><boolean/></property>',
     "'National Objectives' is false and not editable"),
])
def test_objectives_never_pay_without_the_property(replacement: str, why: str) -> None:
    xml = _property(_real("WW2v3-1941.xml"), "National Objectives", replacement)
    found = _gated(xml)
    assert len(found) == 1, found
    problem = found[0]
    assert why in problem.message and "national objectives" in problem.message
    first = re.search(r'<option name="objectiveValue" value="(?!0")', xml)
    assert first is not None
    assert problem.location.line == xml[:first.start()].count("\n") + 1


def test_an_editable_property_is_the_hosts_choice() -> None:
    xml = _property(_real("WW2v3-1941.xml"), "National Objectives",
                    '<property name="National Objectives" value="false" editable="true"><boolean/></property>')
    assert _gated(xml) == []


# --- Use Politics and Use Triggers on Rise_of_the_Axis ---------------------------------------------------------
def test_political_actions_need_use_politics() -> None:
    xml = _property(_real("Rise_of_the_Axis.xml"), "Use Politics",
                    '<property name="Use Politics" value="false" editable="false"><boolean/></property>')
    found = [p for p in _gated(xml) if "'Use Politics'" in p.message]
    assert len(found) == 1 and "political actions" in found[0].message
    assert found[0].location.line == line_of(xml, 'name="politicalActionAttachment')


def test_triggers_need_use_triggers() -> None:
    xml = _property(_real("Rise_of_the_Axis.xml"), "Use Triggers", "")
    found = [p for p in _gated(xml) if "'Use Triggers'" in p.message]
    assert len(found) == 1 and "triggers" in found[0].message
    assert found[0].location.line == line_of(xml, f'javaClass="{TRA}"')


# --- our compiled variant: a movement restriction behind a host option ----------------------------------------
def test_movement_restriction_needs_its_property() -> None:
    path = ROOT / "output" / "diberardino_classic.xml"
    fixed = path.read_text(encoding="utf-8")
    assert not [p for p in _gated(fixed) if "Movement By Territory Restricted" in p.message]  # on since #26
    on = 'name="Movement By Territory Restricted" value="true"'
    assert fixed.count(on) == 1
    editable = fixed.replace(on, 'name="Movement By Territory Restricted" value="false" editable="true"')
    assert not [p for p in _gated(editable) if "Movement By Territory Restricted" in p.message]  # the host's
    xml = fixed.replace(on, 'name="Movement By Territory Restricted" value="false" editable="false"')
    found = [p for p in _gated(xml) if "Movement By Territory Restricted" in p.message]
    assert len(found) == 1 and "'Chinese'" in found[0].message
    assert found[0].location.line == line_of(xml, 'name="movementRestrictionTerritories"')


# --- the small game: defaults, exemptions, engines ------------------------------------------------------------
def _objective(value: str) -> str:
    return (f'<attachment name="objectiveAttachmentReds1" attachTo="Reds" javaClass="{RA}" type="player">\n'
            f'  <option name="objectiveValue" value="{value}"/>\n'
            f'  <option name="directOwnershipTerritories" value="Land A" count="1"/>\n</attachment>')


def test_an_objective_worth_nothing_is_not_reported() -> None:
    assert _gated(game_xml(_objective("0"))) == []
    assert len(_gated(game_xml(_objective("3")))) == 1


def test_not_checked_for_1_9() -> None:
    result = [p for p in problems_of(game_xml(_objective("3")), engine="1.9") if p.code == "gated-option"]
    assert result == []


def _trigger(name: str, *options: str) -> str:
    body = "\n".join(f"  {o}" for o in options)
    return f'<attachment name="{name}" attachTo="Reds" javaClass="{TRA}" type="player">\n{body}\n</attachment>'


def test_triggers_a_user_action_fires_are_not_reported() -> None:
    action = (f'<attachment name="userActionAttachmentPay" attachTo="Reds" javaClass="{UAA}" type="player">\n'
              '  <option name="activateTrigger" value="triggerAttachmentPaid:1:false:false:false:false"/>\n'
              '</attachment>')
    paid = _trigger("triggerAttachmentPaid", '<option name="players" value="Reds"/>',
                    '<option name="resource" value="PUs"/>', '<option name="resourceCount" value="1"/>',
                    '<option name="activateTrigger" value="triggerAttachmentChained:1:false:false:false:false"/>')
    chained = _trigger("triggerAttachmentChained", '<option name="resource" value="PUs"/>',
                       '<option name="resourceCount" value="2"/>')
    lonely = _trigger("triggerAttachmentLonely", '<option name="resource" value="PUs"/>',
                      '<option name="resourceCount" value="3"/>')
    found = _gated(game_xml("\n".join((chained, lonely, paid, action))))
    assert len(found) == 1
    assert "'triggerAttachmentLonely'" in found[0].message and "1 attachment(s)" in found[0].message


def test_a_missing_fuel_property_is_reported_per_game_once() -> None:
    fuel = "\n".join(f'<attachment name="unitAttachment" attachTo="{unit}" javaClass="{UA}" type="unitType">\n'
                     '  <option name="fuelCost" value="PUs" count="1"/>\n</attachment>'
                     for unit in ("infantry", "ship"))
    found = _gated(game_xml(fuel))
    assert len(found) == 1 and "'Use Fuel Cost'" in found[0].message and "'infantry', 'ship'" in found[0].message


@pytest.mark.parametrize("option, value, prop", [
    ("unitPlacementOnlyAllowedIn", "Land A", "Unit Placement Restrictions"),
    ("destroyedWhenCapturedFrom", "Blues", "Units Can Be Destroyed Instead Of Captured"),
    ("destroyedWhenCapturedBy", "BY:Blues", "Units Can Be Destroyed Instead Of Captured"),
])
def test_placement_and_capture_options_need_their_property(option: str, value: str, prop: str) -> None:
    unit = (f'<attachment name="unitAttachment" attachTo="infantry" javaClass="{UA}" type="unitType">\n'
            f'  <option name="{option}" value="{value}"/>\n</attachment>')
    found = _gated(game_xml(unit))
    assert len(found) == 1 and f"'{prop}'" in found[0].message and option in found[0].message
    on = (f'<propertyList>\n  <property name="mapName" value="mini" editable="false"/>\n'
          f'  <property name="{prop}" value="true" editable="false"><boolean/></property>\n</propertyList>')
    assert _gated(game_xml(unit, properties=on)) == []


@pytest.mark.parametrize("value, reported", [("5", True), ("0", False)])
def test_victory_points_need_pacific_theater(value: str, reported: bool) -> None:
    player = ('<attachment name="playerAttachment" attachTo="Reds" '
              'javaClass="games.strategy.triplea.attachments.PlayerAttachment" type="player">\n'
              f'  <option name="vps" value="{value}"/>\n</attachment>')
    found = _gated(game_xml(player))
    assert [("'Pacific Theater'" in p.message and "(vps/captureVps)" in p.message) for p in found] == \
        ([True] if reported else [])


TA = "games.strategy.triplea.attachments.TerritoryAttachment"
DAMAGE_TO_UNITS = "Damage From Bombing Done To Units Instead Of Territories"


def _flag(name: str, value: str) -> str:
    return (f'<propertyList>\n  <property name="mapName" value="mini" editable="false"/>\n'
            f'  <property name="{name}" value="{value}" editable="false"><boolean/></property>\n</propertyList>')


@pytest.mark.parametrize("unit_production, properties, reported", [
    ("1", None, f"no property '{DAMAGE_TO_UNITS}'"),
    ("1", _flag(DAMAGE_TO_UNITS, "false"), f"'{DAMAGE_TO_UNITS}' is false and not editable"),
    ("1", _flag(DAMAGE_TO_UNITS, "true"), None),
    ("3", None, None),  # equal to production: changes nothing
])
def test_unit_production_needs_damage_to_units(unit_production: str, properties: str | None,
                                               reported: str | None) -> None:
    territory = (f'<attachment name="territoryAttachment" attachTo="Land B" javaClass="{TA}" type="territory">\n'
                 f'  <option name="production" value="3"/>\n  <option name="unitProduction" value="{unit_production}"/>'
                 '\n</attachment>')
    found = _gated(game_xml(territory) if properties is None else game_xml(territory, properties=properties))
    if reported is None:
        assert found == []
    else:
        assert len(found) == 1 and "(unitProduction)" in found[0].message and reported in found[0].message


# --- the table against TripleA 2.7's source -------------------------------------------------------------------
def _source(relative: str) -> str:
    path = ORACLE_SRC / relative
    need(path.is_file(), f"the TripleA 2.7 oracle kit's source ({relative})")
    return path.read_text(encoding="utf-8")


def test_every_gate_names_a_property_tripleA_defaults_to_false() -> None:
    constants = dict(re.findall(r'String (\w+) =\s*"([^"]+)"', _source("triplea/Constants.java")))
    properties = _source("triplea/Properties.java")
    for gate in GATES:
        names = [name for name, text in constants.items() if text == gate.property]
        assert names, f"{gate.property!r} is no TripleA constant"
        # false, or another constant of the same text, itself false when missing
        default = rf"(?:false|properties\.get\((?:{'|'.join(names)}), false\))"
        assert any(re.search(rf"properties\.get\(\s*{name},\s*{default}\)", properties) for name in names), \
            gate.property


def test_every_gate_reader_exists_and_gated_options_are_known() -> None:
    catalog = load_catalog("2.7")
    sources = {p.stem: p for p in ORACLE_SRC.rglob("*.java")} if ORACLE_SRC.is_dir() else {}
    need(bool(sources), "the TripleA 2.7 oracle kit's source")
    for gate in GATES:
        for reader in gate.reader.split(", "):
            cls, _, method = reader.partition(".")
            assert cls in sources, reader
            if method and method != "<init>":
                assert re.search(rf"\b{re.escape(method)}\(", sources[cls].read_text(encoding="utf-8")), reader
        java_class = f"games.strategy.triplea.attachments.{gate.java_class}"
        for option in gate.options:
            assert catalog.option(java_class, option) is not None, (gate.java_class, option)


def test_the_documentation_lists_every_gate() -> None:
    from compiler.checks import gated_option

    doc = " ".join((gated_option.__doc__ or "").split())
    for gate in GATES:
        assert f'"{gate.property}"' in doc, gate.property
        for option in gate.options:
            assert option in doc, option
