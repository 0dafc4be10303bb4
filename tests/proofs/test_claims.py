"""Every kind of claim, held and broken against Two Fronts (output/two_fronts.xml): a claim that holds
gives no reason, a claim the game contradicts gives the reason quoted here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from compiler.load import load_game
from compiler.proofs.board_claims import CHECKS as BOARD_CHECKS
from compiler.proofs.facts import GameFacts
from compiler.proofs.game_claims import CHECKS
from compiler.spec.claims import CLAIMS, AnyClaim, Claim

ROOT = Path(__file__).resolve().parents[2]
CLAIM: TypeAdapter[Claim] = TypeAdapter(AnyClaim)

HOLDS: list[dict[str, Any]] = [
    {"unit": {"infantry": {"attack": 1, "defense": 2, "movement": 1, "isInfantry": True, "isSea": False}}},
    {"unit": {"fighter": {"isAir": True, "carrierCost": 1, "canBlitz": None}}},
    {"cost": {"infantry": 3, "armour": {"PUs": 5}}},
    {"frontier": {"Westerners": {"sells": ["infantry", "destroyer"], "lacks": ["factory"], "costs": {"fighter": 10}}}},
    {"property": {"Two hit battleship": False, "Low Luck": False, "Use Triggers": None}},
    {"territory": {"Westland": {"owner": "Westerners", "water": False, "production": 10, "capital": "Westerners",
                                "units": {"infantry": 4, "Westerners": {"infantry": 4, "armour": 2, "fighter": 1,
                                                                        "factory": 1}}},
                   "Midmarch": {"owner": "none"}, "West Sea": {"water": True, "units": {"transport": 1}}}},
    {"connected": [["Westland", "Lowlands"], ["Narrow Sea", "Isle"]]},
    {"not_connected": [["Westland", "Eastland"]]},
    {"alliance": {"League": ["Westerners"], "Bloc": ["Easterners"]}},
    {"relationship": {"Easterners|Westerners": "War", "Westerners|Easterners": {"type": "War", "round": 0}}},
    {"sequence": {"Westerners": ["Purchase", "CombatMove", "Battle", "NonCombatMove", "Place", "EndTurn"]}},
    {"turn_order": ["Westerners", "Easterners"]},
    {"attachment": {"name": "unitAttachment", "to": "armour", "options": {"canBlitz": True, "movement": 2}}},
    {"attachment": {"name": "unitAttachment", "to": "nothing", "absent": True}},
    {"resources": {"Westerners": {"PUs": 20}}},
    {"placed": {"Easterners": {"infantry": 7, "armour": 2, "transport": 1}}},
]

BROKEN: list[tuple[dict[str, Any], str]] = [
    ({"unit": {"infantry": {"attack": 2}}}, "unit infantry: attack is '1', the proof says 2"),
    ({"unit": {"infantry": {"isAir": True}}}, "unit infantry: isAir is not given, the proof says true"),
    ({"unit": {"armour": {"canBlitz": None}}}, "unit armour: canBlitz is 'true' (expected: not given)"),
    ({"unit": {"tank": {"attack": 3}}}, "unit tank: no unitAttachment"),
    ({"cost": {"fighter": 9}}, "cost of fighter: 10 PUs in"),
    ({"cost": {"factory": 1}}, "cost of factory: no frontier a player starts with sells it"),
    ({"repair": {"factory": 10}}, "repair of factory: no repair frontier a player starts with repairs it"),
    ({"frontier": {"Westerners": {"lacks": ["infantry"]}}}, "sells infantry, the proof says it does not"),
    ({"frontier": {"Nobody": {"sells": ["infantry"]}}}, "frontier Nobody: no such production frontier"),
    ({"property": {"Low Luck": True}}, "property 'Low Luck' is 'false', the proof says true"),
    ({"property": {"Use Triggers": False}}, "property 'Use Triggers' is not given, the proof says false"),
    ({"territory": {"Midmarch": {"owner": "Westerners"}}}, "territory Midmarch: owner at start is none"),
    ({"territory": {"Westland": {"production": 3}}}, "territory Westland: production is '10', the proof says 3"),
    ({"territory": {"Westland": {"units": {"infantry": 5}}}}, "territory Westland: 4 infantry at start"),
    ({"territory": {"Atlantis": {"water": True}}}, "territory Atlantis: not a territory of the game"),
    ({"connected": [["Westland", "Eastland"]]}, "Westland and Eastland are not connected"),
    ({"not_connected": [["Westland", "Lowlands"]]}, "Westland and Lowlands are connected"),
    ({"canal": {"Kiel": {"sea_zones": ["West Sea", "Narrow Sea"], "land": ["Lowlands"]}}},
     "canal Kiel: the game has no canal of that name"),
    ({"alliance": {"League": ["Westerners", "Easterners"]}}, "alliance League: ['Westerners'], the proof says"),
    ({"relationship": {"Easterners|Westerners": "Allied"}}, "relationship Easterners|Westerners: War at start"),
    ({"relationship": {"Easterners|Westerners": {"type": "War", "round": 1}}},
     "relationship Easterners|Westerners: made in round 0 (roundValue) at start, the proof says 1"),
    ({"sequence": {"Westerners": ["CombatMove"]}}, "steps of Westerners: ['Purchase', 'CombatMove'"),
    ({"turn_order": ["Easterners", "Westerners"]}, "turns come in the order ['Westerners', 'Easterners'], the proof"),
    ({"attachment": {"name": "unitAttachment", "to": "armour", "absent": True}}, "exists, the proof says it does not"),
    ({"attachment": {"name": "unitAttachment", "to": "armour", "options": {"movement": [2, 2]}}},
     "unitAttachment on armour: movement is ['2'], the proof says [2, 2]"),
    ({"resources": {"Westerners": {"PUs": 30}}}, "Westerners starts with {'PUs': 20}, the proof says"),
    ({"placed": {"Easterners": {"infantry": 8}}}, "Easterners starts with 7 infantry, the proof says 8"),
]


@pytest.fixture(scope="module")
def facts() -> GameFacts:
    return GameFacts(load_game(ROOT / "output" / "two_fronts.xml").require_clean().model)


def reasons(data: dict[str, Any], facts: GameFacts) -> list[str]:
    claim = CLAIM.validate_python(data)
    return list(CHECKS[type(claim)](claim, facts))


@pytest.mark.parametrize("data", HOLDS, ids=[next(iter(d)) for d in HOLDS])
def test_claim_holds(data: dict[str, Any], facts: GameFacts) -> None:
    assert reasons(data, facts) == []


@pytest.mark.parametrize(("data", "reason"), BROKEN, ids=[r for _, r in BROKEN])
def test_claim_broken(data: dict[str, Any], reason: str, facts: GameFacts) -> None:
    found = reasons(data, facts)
    assert found and reason in found[0], found


def test_every_kind_is_tested_and_checked() -> None:
    tested = {next(iter(d)) for d in HOLDS} & {next(iter(d)) for d, _ in BROKEN}
    game_kinds = {cls.KIND for cls in CHECKS}
    board_kinds = {cls.KIND for cls in BOARD_CHECKS}  # the play engine's: tests/proofs/test_board_claims.py
    assert game_kinds == {cls.KIND for cls in CLAIMS} - {"house_rule"} - board_kinds  # house rules: test_rows.py
    assert game_kinds - {"canal", "repair"} <= tested  # Two Fronts has no canal (tests/proofs/test_rows.py breaks
    # one) and repairs nothing (test_repair_against_aggression)


def test_repair_against_aggression() -> None:
    """Aggression 1939 repairs factories at 10 PUs a point."""
    facts = GameFacts(load_game(ROOT / "output" / "aggression_1939.xml").require_clean().model)
    assert reasons({"repair": {"factory": 10}}, facts) == []
    assert reasons({"repair": {"factory": {"PUs": 9}}}, facts) == [
        "repair of factory: 10 PUs in repair, the proof says 9 PUs"]


@pytest.mark.parametrize("data", [{"units": {"infantry": {}}}, {"unit": {}, "cost": {"x": 1}}, {"unit": {}}, []])
def test_a_claim_is_one_known_key(data: Any) -> None:
    with pytest.raises(ValidationError):
        CLAIM.validate_python(data)
