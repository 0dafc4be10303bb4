"""The attachment rules TripleA 2.7 validates: unit-rules, canal, tech-ability, action-rules and the
attachment class resolution of unknown-attachment-class (each on the mini game, one edit at a time)."""

from __future__ import annotations

import pytest
from game_factory import CA, PARTS, UA, game_xml, line_of, problems_of

from compiler.problems import Problem

PKG = "games.strategy.triplea.attachments."


def _with(unit: str, options: str) -> str:
    """The mini game with `options` appended to `unit`'s unitAttachment."""
    anchor = {"infantry": '<option name="movement" value="1"/>', "ship": '<option name="isSea" value="true"/>'}[unit]
    return game_xml(attachments=PARTS["attachments"].replace(anchor, anchor + options, 1))


def _errors(xml: str, code: str, engine: str = "2.7") -> list[Problem]:
    return [p for p in problems_of(xml, engine=engine) if p.code == code and p.is_error]


def _opts(*pairs: tuple[str, str]) -> str:
    return "".join(f'<option name="{n}" value="{v}"/>' for n, v in pairs)


# (unit, options, refused): each kind's forbidden properties, the allowed ones, legacy macros, order
UNIT_CASES = [
    ("infantry", _opts(("bombard", "0")), True),
    ("infantry", _opts(("bombard", "-1")), False),
    ("infantry", _opts(("bombard", "")), False),  # value="" is skipped
    ("infantry", _opts(("carrierCost", "1"), ("transportCapacity", "2"), ("isStrategicBomber", "true")), False),
    ("infantry", _opts(("isKamikaze", "TRUE")), True),
    ("infantry", _opts(("isAir", "true"), ("isInfantry", "true")), True),  # legacy name: isLandTransportable
    ("infantry", _opts(("isAir", "true"), ("isParatroop", "true")), True),
    ("infantry", _opts(("isAir", "true"), ("isMarine", "false"), ("isAirTransport", "true")), False),
    ("infantry", _opts(("isAir", "true"), ("isMarine", "-1")), True),
    ("infantry", _opts(("IsAir", "true"), ("CanBlitz", "true")), True),  # first letter lower-cased
    ("ship", _opts(("bombard", "3"), ("carrierCapacity", "2")), False),
    ("ship", _opts(("canBlitz", "true")), True),
    ("ship", _opts(("transportCost", "-1")), False),
    ("ship", _opts(("transportCost", "2")), True),
    ("ship", _opts(("isSea", "false"), ("bombard", "1")), True),  # the later option makes it a land unit
    ("infantry", _opts(("hitPoints", "0")), True),
    ("infantry", _opts(("hitPoints", "0"), ("isTwoHit", "true")), False),
    ("infantry", _opts(("isTwoHit", "true"), ("hitPoints", "0")), True),
    ("infantry", _opts(("attackAAmaxDieSides", "200"), ("offensiveAttackAA", "0")), False),
    ("infantry", _opts(("attackAAmaxDieSides", "201")), True),
    ("infantry", _opts(("offensiveAttackAAmaxDieSides", "-2")), True),
    ("infantry", _opts(("attackAA", "-1")), True),
    ("infantry", _opts(("maxBuiltPerPlayer", "-1")), False),
    ("infantry", _opts(("maxBuiltPerPlayer", "-2")), True),
    ("ship", _opts(("isCombatTransport", "true")), True),
    ("ship", _opts(("isCombatTransport", "true"), ("transportCapacity", "1")), False),
    ("infantry", _opts(("isFactory", "true")), False),
    ("infantry", _opts(("isFactory", "true"), ("isConstruction", "false")), True),
    ("infantry", _opts(("isConstruction", "false"), ("isFactory", "true")), False),
    ("infantry", _opts(("isFactory", "true"), ("maxConstructionsPerTypePerTerr", "0")), True),
    ("infantry", _opts(("isFactory", "true"), ("maxDamage", "0")), True),
    ("infantry", _opts(("isConstruction", "true"), ("constructionType", "bridge")), True),  # counts still -1
    ("infantry", _opts(("constructionType", "bridge")), True),
    ("infantry", _opts(("canDieFromReachingMaxDamage", "true")), True),
    ("infantry", _opts(("canBeDamaged", "true"), ("canDieFromReachingMaxDamage", "true")), False),
]


@pytest.mark.parametrize(("unit", "options", "refused"), UNIT_CASES)
def test_unit_rules_follow_triplea_27(unit: str, options: str, refused: bool) -> None:
    assert bool(_errors(_with(unit, options), "unit-rules")) == refused


# validate()'s single-value rules: reported once, by option-value or unknown-unit (not again by unit-rules)
VALUE_CASES = [
    ("requiresUnits", "infantry:", "unknown-unit"),
    ("canInvadeOnlyFrom", "ship", None),
    ("canInvadeOnlyFrom", "boat", "unknown-unit"),
    ("receivesAbilityWhenWith", "canBlitz:ship", None),
    ("receivesAbilityWhenWith", "canBombard:ship", "option-value"),
    ("whenCombatDamaged", "0:1:unitsMayNotLeaveAlliedCarrier", None),
    ("whenCombatDamaged", "0:1:sink", "option-value"),
]


@pytest.mark.parametrize(("option", "value", "code"), VALUE_CASES)
def test_single_value_rules_are_reported_once(option: str, value: str, code: str | None) -> None:
    xml = _with("infantry", _opts((option, value)))
    codes = [c for c in ("unit-rules", "option-value", "unknown-unit") if _errors(xml, c)]
    assert codes == ([code] if code else [])
    if code:
        assert len(_errors(xml, code)) == 1


def test_unit_rule_message_names_rule_property_and_line() -> None:
    xml = _with("infantry", _opts(("bombard", "0")))
    [p] = _errors(xml, "unit-rules")
    assert p.message == ("land unit 'infantry' has bombard=0: TripleA 2.7 refuses land units with bombard "
                         "(any value, even 0)")
    assert p.location.line == line_of(xml, 'name="bombard"')
    [p] = _errors(_with("infantry", _opts(("isAir", "true"), ("isInfantry", "true"))), "unit-rules")
    assert "isLandTransportable=true (set by isInfantry)" in p.message


def test_later_duplicate_attachment_wins() -> None:
    bad = (f'<attachment name="unitAttachment" attachTo="infantry" javaClass="{UA}" type="unitType">'
           f'{_opts(("bombard", "0"))}</attachment>')
    assert _errors(game_xml(bad), "unit-rules")
    first = PARTS["attachments"].replace("<attachmentList>", "<attachmentList>" + bad, 1)
    assert not _errors(game_xml(attachments=first), "unit-rules")


def test_transport_casualties_restricted() -> None:
    armed = _with("ship", _opts(("transportCapacity", "2"), ("defense", "1")))
    assert not _errors(armed, "unit-rules")
    prop = '<property name="Transport Casualties Restricted" value="true" editable="false"/></propertyList>'
    restricted = armed.replace("</propertyList>", prop)
    assert _errors(restricted, "unit-rules")
    combat = _with("ship", _opts(("transportCapacity", "2"), ("defense", "1"), ("isCombatTransport", "true")))
    assert not _errors(combat.replace("</propertyList>", prop), "unit-rules")


def test_unit_rules_leave_19_alone() -> None:
    assert not _errors(_with("infantry", _opts(("bombard", "0"))), "unit-rules", engine="1.9")


def _canal(name: str, where: str, canal_name: str | None = "X", lands: str | None = "Land B",
           java: str = CA) -> str:
    options = _opts(*[o for o in (("canalName", canal_name), ("landTerritories", lands)) if o[1] is not None])
    return f'<attachment name="{name}" attachTo="{where}" javaClass="{java}" type="territory">{options}</attachment>'


CANAL_CASES = [
    ([_canal("canalAttachmentX", "Sea 1"), _canal("canalAttachmentX", "Sea 2")], False),
    ([_canal("canalAttachmentX", "Sea 1")], True),  # one end
    ([_canal("canalAttachmentX", "Sea 1"), _canal("canalAttachmentX", "Sea 2"),
      _canal("canalAttachmentX", "Land A")], True),
    ([_canal("canalAttachmentX", "Land A"), _canal("canalAttachmentX", "Land C")], False),  # land ends: not checked
    ([_canal("canalX", "Sea 1"), _canal("canalAttachmentX", "Sea 2")], True),  # 2026: a shipped map broke so
    ([_canal("canalAttatchmentX", "Sea 1"), _canal("canalAttachmentX", "Sea 2")], False),  # legacy spelling
    ([_canal("canalAttachmentX", "Sea 1", lands=None), _canal("canalAttachmentX", "Sea 2")], True),
    ([_canal("canalAttachmentX", "Sea 1", canal_name=""), _canal("canalAttachmentX", "Sea 2")], True),
    ([_canal("canalAttachmentX", "Sea 1"), _canal("canalAttachmentX", "Sea 2"),
      f'<attachment name="canalAttachmentZ" attachTo="Land C" javaClass="{PKG}TerritoryAttachment" '
      'type="territory"/>'], True),
]


@pytest.mark.parametrize(("attachments", "refused"), CANAL_CASES)
def test_canal_rules_follow_triplea_27(attachments: list[str], refused: bool) -> None:
    xml = game_xml("\n".join(attachments))
    assert bool(_errors(xml, "canal")) == refused
    assert not _errors(xml, "canal", engine="1.9")  # 1.9 only warns


def test_canal_name_error_is_located_and_explained() -> None:
    xml = game_xml(_canal("canalX", "Sea 1") + "\n" + _canal("canalAttachmentX", "Sea 2"))
    named, counted = _errors(xml, "canal")
    assert "not named canalAttachment" in named.message and named.location.line == line_of(xml, 'name="canalX"')
    assert "is on 1 territory (Sea 2)" in counted.message  # the misnamed end does not count


def test_a_canal_between_sea_zones_no_connection_joins_is_reported() -> None:
    apart = game_xml(_canal("canalAttachmentX", "Sea 1") + _canal("canalAttachmentX", "Sea 2"),
                     map=PARTS["map"].replace('<connection t1="Sea 1" t2="Sea 2"/>', ""))
    [found] = [p for p in problems_of(apart, engine="2.7") if p.code == "canal"]
    assert not found.is_error and "no connection joins 'Sea 1', 'Sea 2'" in found.message
    assert "it never closes" in found.message and found.location.line == line_of(apart, 'attachTo="Sea 1"')


def test_canals_triplea_plays_as_drawn_pass() -> None:
    # each end names its own bank (a move through needs both), and Land A borders only Sea 1
    banks = game_xml(_canal("canalAttachmentX", "Sea 1", lands="Land A") + _canal("canalAttachmentX", "Sea 2",
                                                                                   lands="Land C"))
    assert [p for p in problems_of(banks, engine="2.7") if p.code == "canal"] == []


TECHS = '<technology><technologies><techname name="Rocketry"/><techname name="jetPower"/>' \
        '<techname name="Super Rockets" tech="rocket"/></technologies></technology>'


@pytest.mark.parametrize(("where", "type_", "refused"), [
    ("Rocketry", "technology", False), ("jetPower", "technology", False), ("Super Rockets", "technology", True),
    ("infantry", "unitType", True), ("Reds", "player", True), ("PUs", "resource", True),
])
def test_tech_ability_placement(where: str, type_: str, refused: bool) -> None:
    extra = (f'<attachment name="techAbilityAttachment" attachTo="{where}" javaClass="{PKG}TechAbilityAttachment" '
             f'type="{type_}"/>')
    xml = game_xml(attachments=PARTS["attachments"].replace("EXTRA_ATTACHMENTS", extra) + TECHS)
    assert bool(_errors(xml, "tech-ability")) == refused


@pytest.mark.parametrize(("java", "options", "refused"), [
    ("PoliticalActionAttachment", _opts(("text", "Peace"), ("relationshipChange", "Reds:Blues:War")), False),
    ("PoliticalActionAttachment", _opts(("text", "Peace")), True),
    ("PoliticalActionAttachment", _opts(("text", " \t"), ("relationshipChange", "Reds:Blues:War")), True),
    ("UserActionAttachment", _opts(("text", "Act")), False),
    ("UserActionAttachment", _opts(("text", "\u00a0")), False),  # Java's trim keeps a no-break space
    ("UserActionAttachment", _opts(("text", "")), True),
    ("UserActionAttachment", "", True),
])
def test_action_rules(java: str, options: str, refused: bool) -> None:
    xml = game_xml(f'<attachment name="x" attachTo="Reds" javaClass="{PKG}{java}" type="player">{options}</attachment>')
    assert bool(_errors(xml, "action-rules")) == refused


@pytest.mark.parametrize(("java", "refused"), [
    (f"{PKG}UnitAttachment", False), ("UnitAttachment", False), ("x.y.UnitAttachment", False),
    (f"{PKG}unitAttachment", True), ("", True), (" UnitAttachment", True), (f"{PKG}UnitAttachments", True),
])
def test_attachment_class_resolution_of_2x(java: str, refused: bool) -> None:
    xml = game_xml(f'<attachment name="unitAttachment2" attachTo="ship" javaClass="{java}" type="unitType"/>')
    found = _errors(xml, "unknown-attachment-class")
    assert bool(found) == refused
    if found:
        assert "TripleA 2.7 ignores the package" in found[0].message
