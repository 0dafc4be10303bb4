"""Each check: a failing example is reported (at the right line), the passing mini game is clean."""
# ruff: noqa: E501  (tables of XML snippets read better one per line)

from __future__ import annotations

import pytest
from game_factory import CA, PARTS, UA, codes, game_xml, line_of, problems_of

from compiler.checks import CHECKS, run_checks
from compiler.model import game as m
from compiler.problems import Location, Severity


def test_mini_game_is_clean() -> None:
    assert [str(p) for p in problems_of(game_xml()) if p.code != "internal-error"] == []


def test_every_check_has_id_severity_docs_and_examples() -> None:
    assert len(CHECKS) >= 30
    for check_id, module in CHECKS.items():
        assert module.ID == check_id
        assert module.SEVERITY in (Severity.ERROR, Severity.WARNING)
        doc = module.__doc__ or ""
        assert "Failing" in doc and "Passing" in doc, check_id
        assert callable(module.check)


def _sub(part: str, old: str, new: str) -> dict[str, str]:
    assert old in PARTS[part], old
    return {part: PARTS[part].replace(old, new, 1)}


CASES = [
    # (id, parts to replace, extra attachments, text on the reported line)
    ("unknown-territory", _sub("map", 't2="Sea 2"/>\n  <connection t1="Land B" t2="Sea 1"', 't2="Sea 3"/>\n  <connection t1="Land B" t2="Sea 1"'), "", 'Sea 3'),
    ("unknown-player", _sub("initialize", 'owner="Blues"/>', 'owner="Bluez"/>'), "", "Bluez"),
    ("unknown-unit", _sub("initialize", 'unitType="infantry"', 'unitType="infantri"'), "", "infantri"),
    ("unknown-unit", _sub("production", 'resourceOrUnit="infantry"', 'resourceOrUnit="tank"'), "", "tank"),
    ("unknown-resource", _sub("production", 'resource="PUs"', 'resource="IPCs"'), "", "IPCs"),
    ("unknown-production-rule", _sub("production", '<frontierRules name="buyInfantry"/>', '<frontierRules name="buyTank"/>'), "", "buyTank"),
    ("unknown-frontier", _sub("production", 'player="Blues" frontier="production"', 'player="Blues" frontier="blueProduction"'), "", "blueProduction"),
    ("unknown-relationship-type", _sub("initialize", 'type="War"', 'type="Peace"'), "", "Peace"),
    ("unknown-delegate", _sub("gameplay", 'delegate="move" player="Reds"', 'delegate="mov" player="Reds"'), "", 'delegate="mov"'),
    ("unknown-player", _sub("gameplay", 'delegate="move" player="Reds"', 'delegate="move" player="Redz"'), "", "Redz"),
    ("unknown-player", _sub("attachments", 'name="capital" value="Reds"', 'name="capital" value="Rads"'), "", "Rads"),
    ("unknown-territory", {}, f'<attachment name="territoryAttachment" attachTo="Land Z" javaClass="{UA}" type="territory"><option name="production" value="1"/></attachment>', "Land Z"),
    ("self-connection", _sub("map", '<connection t1="Land A" t2="Land B"/>', '<connection t1="Land A" t2="Land A"/>'), "", 't1="Land A" t2="Land A"'),
    ("duplicate-connection", _sub("map", '<connection t1="Sea 1" t2="Sea 2"/>', '<connection t1="Sea 2" t2="Land C"/>'), "", 't1="Sea 2" t2="Land C"'),
    ("isolated-territory", _sub("map", '<territory name="Land C"/>', '<territory name="Land C"/>\n  <territory name="Island"/>'), "", "Island"),
    ("duplicate-territory", _sub("map", '<territory name="Land C"/>', '<territory name="Land C"/>\n  <territory name="Land B" />'), "", 'name="Land B" />'),
    ("duplicate-name", _sub("players", '<player name="Blues" optional="false"/>', '<player name="Blues" optional="false"/>\n  <player name="Reds" optional="true"/>'), "", 'name="Reds" optional="true"'),
    ("missing-unit-attachment", _sub("units", '<unit name="ship"/>', '<unit name="ship"/><unit name="tank"/>'), "", '<unitList>'),
    ("missing-relationship", {**_sub("players", '<player name="Blues" optional="false"/>', '<player name="Blues" optional="false"/>\n  <player name="Greens"/>'), **_sub("initialize", '<relationship type="War" player1="Reds" player2="Blues" roundValue="1"/>', '<relationship type="War" player1="Reds" player2="Blues" roundValue="1"/>\n    <relationship type="War" player1="Reds" player2="Greens" roundValue="1"/>')}, "", 'type="War" player1="Reds"'),
    ("sea-unit-on-land", _sub("initialize", 'unitType="ship" territory="Sea 2"', 'unitType="ship" territory="Land C"'), "", 'unitType="ship"'),
    ("placement", _sub("initialize", 'quantity="2"', 'quantity="2" hitsTaken="1"'), "", 'hitsTaken="1"'),
    ("duplicate-owner", _sub("initialize", '<territoryOwner territory="Land C" owner="Blues"/>', '<territoryOwner territory="Land C" owner="Blues"/>\n    <territoryOwner territory="Land A" owner="Blues"/>'), "", 'territory="Land A" owner="Blues"'),
    ("negative-placement", _sub("initialize", 'quantity="2"', 'quantity="-2"'), "", 'quantity="-2"'),
    ("bad-value", _sub("initialize", 'quantity="2"', 'quantity="two"'), "", 'quantity="two"'),
    ("production", _sub("production", '<frontierRules name="buyInfantry"/>', '<frontierRules name="buyInfantry"/>\n<frontierRules name="buyInfantry" />'), "", 'buyInfantry" />'),
    ("buyer-without-frontier", _sub("production", '<playerProduction player="Blues" frontier="production"/>', ''), "", 'name="bluesPurchase"'),
    ("bad-value", _sub("production", '<cost resource="PUs" quantity="3"/>', '<cost resource="PUs" quantity="3.5"/>'), "", '3.5'),
    ("bad-value", _sub("gameplay", 'maxRunCount="1"', 'maxRunCount="once"'), "", 'maxRunCount="once"'),
    ("foreach-variable", {}, f'<attachment foreach="$Nope$" name="unitAttachment" attachTo="@Nope@" javaClass="{UA}" type="unitType"><option name="movement" value="1"/></attachment>', '$Nope$'),
    ("canal", {}, f'<attachment name="canalAttachmentX" attachTo="Sea 1" javaClass="{CA}" type="territory"><option name="canalName" value="X"/><option name="landTerritories" value="Land B"/></attachment>', 'canalAttachmentX'),
    ("xml-structure", _sub("attachments", 'type="unitType"', 'type="unit"'), "", 'type="unit"'),
    ("unknown-option", _sub("attachments", 'name="movement"', 'name="movment"'), "", "movment"),
    ("option-value", _sub("attachments", 'name="movement" value="1"', 'name="movement" value="one"'), "", 'value="one"'),
    ("option-value", _sub("attachments", 'name="isSea" value="true"', 'name="isSea" value="yes"'), "", 'value="yes"'),
    ("unknown-property", _sub("properties", '</propertyList>', '  <property name="Low Lock" value="true" editable="true"/>\n</propertyList>'), "", "Low Lock"),
    ("unknown-step-property", _sub("gameplay", '<step name="redsMove" delegate="move" player="Reds"/>', '<step name="redsMove" delegate="move" player="Reds">\n<stepProperty name="nonCombatMov" value="true"/></step>'), "", "nonCombatMov"),
    ("unknown-attachment-class", {}, '<attachment name="unitAttachment" attachTo="ship" javaClass="games.strategy.triplea.attachments.UnitAttachmnt" type="unitType"><option name="movement" value="2"/></attachment>', "UnitAttachmnt"),
    ("unknown-loader", {"info": '<info name="Mini" version="1.0"/>\n<loader javaClass="games.strategy.triplea.TripleAA"/>'}, "", "<game>"),
    ("sequence", _sub("gameplay", 'delegate.MoveDelegate"', 'delegate.MoveDelegat"'), "", "MoveDelegat"),
    ("player-without-step", _sub("gameplay", '<step name="bluesPurchase" delegate="purchase" player="Blues"/>\n    <step name="bluesMove" delegate="move" player="Blues"/>', ''), "", '<player name="Blues"'),
    ("unknown-technology", {"attachments": PARTS["attachments"] + '\n<technology><playerTech player="Reds"><category name="Air"><tech name="Jet Powr"/></category></playerTech></technology>'}, "", '<category name="Air">'),
    ("unknown-territory-effect", _sub("attachments", '<option name="production" value="2"/>', '<option name="territoryEffect" value="Mountain"/>'), "", "Mountain"),
    ("disconnected-map", _sub("map", '<territory name="Land C"/>', '<territory name="Land C"/>\n  <territory name="Isle 1"/><territory name="Isle 2"/><connection t1="Isle 1" t2="Isle 2"/>'), "", 'name="Isle 1"'),
]


@pytest.mark.parametrize(("check_id", "parts", "extra", "needle"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_failing_example_is_reported_at_its_line(check_id: str, parts: dict[str, str], extra: str, needle: str) -> None:
    xml = game_xml(extra, **parts)
    found = [p for p in problems_of(xml) if p.code == check_id]
    assert found, f"{check_id} not reported"
    assert line_of(xml, needle) in {p.location.line for p in found}, [str(p) for p in found]


def test_option_only_in_2x_says_so_under_19() -> None:
    xml = game_xml(**_sub("attachments", '<option name="isSea" value="true"/>', '<option name="isSea" value="true"/><option name="isSuicideOnAttack" value="true"/>'))
    [p] = [p for p in problems_of(xml, engine="1.9") if p.code == "unknown-option"]
    assert p.is_error and "needs TripleA 2.x" in p.message
    assert not [p for p in problems_of(xml) if p.code == "unknown-option"]


def test_misspelled_option_suggests() -> None:
    xml = game_xml(**_sub("attachments", 'name="movement"', 'name="movment"'))
    [p] = [p for p in problems_of(xml) if p.code == "unknown-option"]
    assert "did you mean 'movement'" in p.message


def test_did_you_mean() -> None:
    xml = game_xml(**_sub("initialize", 'unitType="infantry"', 'unitType="infantri"'))
    [p] = [p for p in problems_of(xml) if p.code == "unknown-unit"]
    assert "did you mean 'infantry'" in p.message


def test_variables_and_foreach_expand_like_triplea() -> None:
    variables = """<variableList>
  <variable name="Lands"><element name="Land A"/><element name="Land B"/></variable>
  <variable name="Owners"><element name="Reds"/><element name="Bluez"/></variable>
  <variable name="All"><element name="$Lands$"/><element name="Land C"/></variable>
</variableList>"""
    extra = (f'<attachment foreach="$Lands$:$Owners$" name="territoryAttachment" attachTo="@Lands@" '
             f'javaClass="games.strategy.triplea.attachments.TerritoryAttachment" type="territory">'
             f'<option name="originalOwner" value="@Owners@"/></attachment>\n'
             f'<attachment name="canalAttachmentY" attachTo="Sea 1" javaClass="{CA}" type="territory">'
             f'<option name="canalName" value="Y"/><option name="landTerritories" value="$All$"/></attachment>')
    xml = game_xml(extra, variables=variables)
    found = problems_of(xml)
    bad = [p for p in found if p.code == "unknown-player"]
    assert [p.message.split("'")[1] for p in bad] == ["Bluez"]  # the second element of the parallel walk
    assert not [p for p in found if p.code == "unknown-territory"]  # nested $Lands$ flattened in $All$
    # walking two variables of different lengths in parallel is refused
    xml = game_xml(extra.replace("$Lands$:$Owners$", "$All$:$Owners$").replace("@Lands@", "@All@"), variables=variables)
    assert "foreach-variable" in codes(problems_of(xml))
    # cross product: 3 lands x 2 owners
    from compiler.model.expand import combinations

    result = parse_variables(variables)
    assert len(combinations("$All$^$Owners$", result)) == 6
    assert combinations("$Lands$:$Owners$", result)[1] == {"@Lands@": "Land B", "@Owners@": "Bluez"}


def parse_variables(xml: str) -> dict[str, list[str]]:
    from compiler.model.expand import variable_table
    from compiler.xml.parse import parse_bytes

    model = parse_bytes(game_xml(variables=xml).encode(), "v.xml").model
    return variable_table(model.variables)


def test_checks_report_model_locations_not_xml() -> None:
    """A model lowered from a spec: problems point at the spec's lines, and no XML tree is needed."""
    spec = Location("spec.yaml", 7, 3)
    model = m.GameModel(
        info=m.Info(name="x"),
        territories=[m.Territory(name="A", loc=Location("spec.yaml", 2, 3))],
        players=[m.Player(name="P")],
        delegates=[m.Delegate(name="d", java_class="games.strategy.triplea.delegate.MoveDelegate")],
        steps=[m.Step(name="s", delegate="d", player="P")],
        connections=[m.Connection(t1="A", t2="B", loc=spec)],
        source="",
    )
    problems = run_checks(model)
    [p] = [p for p in problems if p.code == "unknown-territory"]
    assert p.location == spec


def test_engine_19_flags_2x_only_features() -> None:
    variables = '<variableList><variable name="V"><element name="Land A"/></variable></variableList>'
    xml = game_xml(variables=variables)
    found = [p for p in problems_of(xml, engine="1.9") if p.code == "xml-structure" and p.is_error]
    assert any("needs TripleA 2.x" in p.message for p in found)
    assert not [p for p in problems_of(xml, engine="2.x") if p.code == "xml-structure"]
    no_loader = game_xml(info='<info name="Mini" version="1.0"/>')
    assert any(p.is_error for p in problems_of(no_loader, engine="1.9") if p.code == "xml-structure")
    assert not [p for p in problems_of(no_loader) if p.code == "xml-structure"]


# --- what the checks leave alone on real maps (tests/checks/test_catalogue_precision.py reviews them there) ---

def _found(xml: str, check_id: str) -> list[str]:
    return [p.message for p in problems_of(xml) if p.code == check_id]


def test_repeats_that_change_nothing_are_summed_up_once_per_game() -> None:
    again = '<connection t1="Land A" t2="Land B"/>\n  <connection t1="Land B" t2="Land A"/>\n  <connection t1="Sea 2" t2="Sea 1"/>'
    [summary] = _found(game_xml(**_sub("map", '<connection t1="Land A" t2="Land B"/>', again)), "duplicate-connection")
    assert summary.startswith("2 connections repeat an earlier declaration") and "TripleA keeps each connection once" in summary
    owners = '<territoryOwner territory="Land C" owner="Blues"/>\n    <territoryOwner territory="Land C" owner="Blues"/>'
    [owner] = _found(game_xml(**_sub("initialize", '<territoryOwner territory="Land C" owner="Blues"/>', owners)), "duplicate-owner")
    assert "no change in play" in owner
    other = owners.replace('owner="Blues"/>\n', 'owner="Reds"/>\n', 1)
    [conflict] = _found(game_xml(**_sub("initialize", '<territoryOwner territory="Land C" owner="Blues"/>', other)), "duplicate-owner")
    assert "gets owner 'Blues' after 'Reds'" in conflict and "keeps the last owner" in conflict


def test_a_repeated_attachment_is_reported_when_it_drops_options() -> None:
    ta = "games.strategy.triplea.attachments.TerritoryAttachment"
    first = f'<attachment name="territoryAttachment" attachTo="Land B" javaClass="{ta}" type="territory"><option name="production" value="3"/><option name="victoryCity" value="0"/></attachment>'
    same = first.replace('<option name="victoryCity" value="0"/>', "")  # drops only a default: no change
    [summary] = _found(game_xml(first + "\n" + same), "duplicate-name")
    assert "no change in play" in summary
    dropping = first.replace('value="3"', 'value="1"')
    [lost] = _found(game_xml(first + "\n" + dropping), "duplicate-name")
    assert "drops the earlier one's production=3" in lost
    steps = '<step name="redsMove" delegate="move" player="Reds"/>\n    <step name="redsMove" delegate="move" player="Reds"/>'
    assert _found(game_xml(**_sub("gameplay", '<step name="redsMove" delegate="move" player="Reds"/>', steps)), "duplicate-name") == []


def _properties(*names: str) -> dict[str, str]:
    added = "".join(f'  <property name="{name}" value="true" editable="true"/>\n' for name in names)
    return _sub("properties", "</propertyList>", added + "</propertyList>")


def test_unknown_properties_are_reported_when_they_are_slips() -> None:
    assert _found(game_xml(**_properties("Allied Air Dependents", "Hari-Kari Units", "Conscription")), "unknown-property") == []
    [case] = _found(game_xml(**_properties("MaxFactoriesPerTerritory")), "unknown-property")
    assert "did you mean 'maxFactoriesPerTerritory'?" in case and "keeps its default" in case
    assert _found(game_xml(**_properties("WW2V1")), "unknown-property") == []  # another version, not a slip
    [bid] = _found(game_xml(**_properties("Blue bid")), "unknown-property")
    assert "did you mean 'Blues bid'?" in bid
    assert _found(game_xml(**_properties("Greens bid")), "unknown-property") == []  # no such player: a leftover
    renamed = _found(game_xml(**_properties("Troopship Casualties Restricted", "Troopship Restricted Unload")), "unknown-property")
    assert len(renamed) == 2 and "did you mean 'Transport Restricted Unload'?" in renamed[1]


def test_unreachable_territories_kept_apart_on_purpose_are_not_reported() -> None:
    island = _sub("map", '<territory name="Land C"/>', '<territory name="Land C"/>\n  <territory name="Island"/>')
    ta = "games.strategy.triplea.attachments.TerritoryAttachment"
    impassable = f'<attachment name="territoryAttachment" attachTo="Island" javaClass="{ta}" type="territory"><option name="isImpassable" value="true"/></attachment>'
    assert _found(game_xml(impassable, **island), "isolated-territory") == []
    many = "\n".join(f'  <territory name="Box {i}"/>' for i in range(5))
    assert _found(game_xml(**_sub("map", '<territory name="Land C"/>', '<territory name="Land C"/>\n' + many)), "isolated-territory") == []
    cut = _sub("map", '<territory name="Land C"/>', '<territory name="Land C"/>\n  <territory name="Isle 1"/><territory name="Isle 2"/><connection t1="Isle 1" t2="Isle 2"/>')
    assert _found(game_xml(**cut), "disconnected-map") != []
    both_impassable = impassable.replace("Island", "Isle 1") + impassable.replace("Island", "Isle 2")
    assert _found(game_xml(both_impassable, **cut), "disconnected-map") == []


def test_passive_players_and_players_without_relationships_are_left_to_triplea() -> None:
    greens = _sub("players", '<player name="Blues" optional="false"/>', '<player name="Blues" optional="false"/>\n  <player name="Greens"/>')
    assert _found(game_xml(**greens), "missing-relationship") == []  # Greens: no relationship at all
    assert _found(game_xml(**greens), "player-without-step") == []  # Greens: nothing to buy with
