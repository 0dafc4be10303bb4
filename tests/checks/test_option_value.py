"""option-value: each option's value has the form TripleA's setter accepts (2.x: the catalog's formats)."""

from __future__ import annotations

import pytest
from game_factory import UA, game_xml, problems_of

TRIG = "games.strategy.triplea.attachments.TriggerAttachment"
PLAYER_ATT = "games.strategy.triplea.attachments.PlayerAttachment"


def _unit(option: str, value: str, count: str = "") -> str:
    shown = f' count="{count}"' if count else ""
    return (f'<attachment name="unitAttachment" attachTo="infantry" javaClass="{UA}" type="unitType">'
            f'<option name="movement" value="1"/><option name="{option}" value="{value}"{shown}/></attachment>')


def _errors(extra: str, code: str = "option-value", engine: str = "2.7") -> list[str]:
    return [p.message for p in problems_of(game_xml(extra), engine) if p.code == code and p.is_error]


@pytest.mark.parametrize(("option", "value", "count"), [
    ("movement", "two", ""), ("isSea", "yes", ""), ("fuelCost", "PUs", "-1"), ("fuelCost", "PUs", ""),
    ("maxAAattacks", "-2", ""), ("consumesUnits", "infantry", "0"), ("movementLimit", "mine", "2"),
    ("whenCombatDamaged", "unitsMayNotLandOnCarrier", "2:1"), ("special", "None", ""),
])
def test_refused_values(option: str, value: str, count: str) -> None:
    errors = _errors(_unit(option, value, count))
    assert len(errors) == 1 and "TripleA 2.7 refuses" in errors[0] and f"'{option}'" in errors[0]


@pytest.mark.parametrize(("option", "value", "count"), [
    ("movement", "+2", ""), ("isSea", "TRUE", ""), ("fuelCost", "PUs", "2"), ("maxAAattacks", "-1", ""),
    ("movement", "", ""), ("fuelCost", "", "2"), ("movementLimit", "owned", "2"), ("isMarine", "True", ""),
    ("canInvadeOnlyFrom", "none:whatever", ""),
])
def test_accepted_values(option: str, value: str, count: str) -> None:
    assert _errors(_unit(option, value, count)) == []


def test_unknown_names_are_refused_by_the_unknown_checks() -> None:
    problems = problems_of(game_xml(_unit("canNotBeTargetedBy", "infantry:tank")), "2.7")
    assert [p.code for p in problems if p.is_error] == ["unknown-unit"]
    problems = problems_of(game_xml(_unit("fuelCost", "Gold", "1")), "2.7")
    assert [p.code for p in problems if p.is_error] == ["unknown-resource"]


def test_places_are_territories_or_territory_effects() -> None:
    assert _errors(_unit("unitPlacementRestrictions", "Land A:Sea 1")) == []
    assert len(_errors(_unit("unitPlacementRestrictions", "Land A:Mordor"))) == 1


def test_ignored_things_are_not_errors() -> None:
    trigger = (f'<attachment name="triggerAttachmentX" attachTo="Reds" javaClass="{TRIG}" type="player">'
               '<option name="when" value="before:noSuchStep"/><option name="unitProperty" value="x" count="y"/>'
               '</attachment>'
               f'<attachment name="playerAttachment" attachTo="Reds" javaClass="{PLAYER_ATT}" type="player">'
               '<option name="giveUnitControl" value="true"/><option name="takeUnitControl" value="x"/></attachment>')
    assert [p for p in problems_of(game_xml(trigger), "2.7") if p.is_error] == []


def test_an_undefined_variable_stays_literal_and_is_refused() -> None:
    assert len(_errors(_unit("movement", "$speed$"))) == 1


def test_19_checks_the_kind_only() -> None:
    assert len(_errors(_unit("movement", "two"), engine="1.9")) == 1
    assert _errors(_unit("fuelCost", "PUs", "-1"), engine="1.9") == []
