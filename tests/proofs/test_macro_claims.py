"""Unit claims read the fields TripleA's setters leave, macros included (compiler/checks/_unit_macros.py).

isAA sets isAAforCombatOnly, isAAforBombingThisUnitOnly and isAAforFlyOverOnly (and more); isFactory the
construction fields; isTwoHit hitPoints. Before, a claim compared only the options written under its own
name: `isAAforCombatOnly: false` held on a unit saying only isAA=true (TripleA: true), and
`isAAforCombatOnly: true` failed there. Two Fronts' factory (only isFactory=true) is the test bed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler.proofs.facts import GameFacts
from compiler.proofs.game_claims import CHECKS
from compiler.spec.claims import UnitClaim
from compiler.xml.parse import parse_bytes

ROOT = Path(__file__).resolve().parents[2]
FACTORY = '      <option name="isFactory" value="true"/>\n'


def _facts(*options: str) -> GameFacts:
    """Two Fronts with the factory's options replaced by `options` (name=value, in order)."""
    xml = (ROOT / "output" / "two_fronts.xml").read_text(encoding="utf-8")
    assert xml.count(FACTORY) == 1, "Two Fronts' factory changed"
    written = "".join(f'      <option name="{o.split("=")[0]}" value="{o.split("=", 1)[1]}"/>\n' for o in options)
    result = parse_bytes(xml.replace(FACTORY, written).encode("utf-8"), "two_fronts.xml")
    assert result.model is not None
    return GameFacts(result.model)


def _reasons(facts: GameFacts, claim: dict[str, Any]) -> list[str]:
    return list(CHECKS[UnitClaim](UnitClaim(unit={"factory": claim}), facts))


AA_ONLY = ("isFactory=true", "isAA=true")
AA_THEN_OFF = ("isFactory=true", "isAA=true", "isAAforCombatOnly=false", "isAAforFlyOverOnly=false")


@pytest.mark.parametrize("options, claim", [
    (AA_ONLY, {"isAAforCombatOnly": True, "isAAforBombingThisUnitOnly": True, "isAAforFlyOverOnly": True,
               "isRocket": True, "canNotMoveDuringCombatMove": True, "isInfrastructure": True}),
    (AA_THEN_OFF, {"isAAforCombatOnly": False, "isAAforFlyOverOnly": False, "isAAforBombingThisUnitOnly": True}),
    (AA_THEN_OFF, {"isAA": True, "isAAforCombatOnly": [False]}),  # macro names and lists: as written
    (("isFactory=true",), {"isConstruction": True, "constructionType": "factory", "canBeDamaged": True,
                           "maxConstructionsPerTypePerTerr": 1, "isAAforCombatOnly": False, "hitPoints": None}),
    (("isFactory=true", "isTwoHit=true"), {"hitPoints": 2}),
    (("isFactory=true", "hitPoints=3", "isTwoHit=false"), {"hitPoints": 1}),
    (("isFactory=true", "isAA=true", "isAA=false"), {"isAAforCombatOnly": False, "movementLimit": False}),
])
def test_claims_hold_on_the_final_fields(options: tuple[str, ...], claim: dict[str, Any]) -> None:
    assert _reasons(_facts(*options), claim) == []


@pytest.mark.parametrize("options, claim, reason", [
    (AA_ONLY, {"isAAforCombatOnly": False},
     "unit factory: isAAforCombatOnly is 'true' (set by isAA), the proof says false"),
    (AA_THEN_OFF, {"isAAforFlyOverOnly": True}, "unit factory: isAAforFlyOverOnly is 'false', the proof says true"),
    (AA_ONLY, {"isAAforFlyOverOnly": None},
     "unit factory: isAAforFlyOverOnly is 'true' (set by isAA) (expected: not given), the proof says not given"),
    (("isFactory=true",), {"isConstruction": False}, "unit factory: isConstruction is 'true' (set by isFactory)"),
    (("isFactory=true", "isTwoHit=true"), {"hitPoints": 1}, "unit factory: hitPoints is '2' (set by isTwoHit)"),
    (("isFactory=true", "isAA=maybe"), {"isAAforCombatOnly": False},
     "unit factory: a macro option's value 'maybe' is not true or false, so TripleA refuses the game"),
])
def test_claims_fail_on_the_final_fields(options: tuple[str, ...], claim: dict[str, Any], reason: str) -> None:
    found = _reasons(_facts(*options), claim)
    assert len(found) == 1 and found[0].startswith(reason), found
