"""Gate-aware claims: a claim on an option TripleA reads only behind a game property fails while the property is
off in the compiled game (missing, or false even when editable), and names the property.

DiBerardino Classic compiled before issue #26 left "National Objectives" out and "Movement By Territory
Restricted" false (editable): its Scorched Earth and Swedish ore objectives never paid and the Chinese
movement restriction did nothing, yet their rows were proven by the attachments alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.load import load_spec_game
from compiler.model import GameModel
from compiler.proofs import RowProof, prove_rows
from compiler.spec import load_spec
from compiler.spec.models import Spec
from compiler.xml.parse import parse_bytes

ROOT = Path(__file__).resolve().parents[2]
FIXED = ROOT / "output" / "diberardino_classic.xml"
NATIONAL_OBJECTIVES = '    <property name="National Objectives" value="true">\n      <boolean/>\n    </property>\n'
RESTRICTED = '<property name="Movement By Territory Restricted" value="true">'
GATED_ROWS = {"22": "National Objectives", "23": "National Objectives", "89": "Movement By Territory Restricted"}
"""document line -> the property its row's claims need on"""


def old_diberardino(fixed: str) -> str:
    """The game as compiled before the fix: no National Objectives, movement restriction left to the host."""
    assert fixed.count(NATIONAL_OBJECTIVES) == 1 and fixed.count(RESTRICTED) == 1, "the fixed game changed"
    return fixed.replace(NATIONAL_OBJECTIVES, "").replace(
        RESTRICTED, '<property name="Movement By Territory Restricted" value="false" editable="true">')


def _model(xml: str) -> GameModel:
    result = parse_bytes(xml.encode("utf-8"), "diberardino_classic.xml")
    assert result.model is not None
    return result.model


def _proofs(spec: Spec, xml: str) -> dict[str, RowProof]:
    proofs = prove_rows(spec, _model(xml), ROOT / "specs")
    return {row.doc or row.rule: proof for row, proof in zip(spec.rules, proofs, strict=True)}


@pytest.fixture(scope="module")
def diberardino() -> Spec:
    return load_spec(ROOT / "specs" / "diberardino_classic.yaml")


def test_gated_rows_fail_on_the_old_diberardino_naming_the_property(diberardino: Spec) -> None:
    proofs = _proofs(diberardino, old_diberardino(FIXED.read_text(encoding="utf-8")))
    failed = {doc for doc, proof in proofs.items() if proof.status != "proven"}
    assert failed == set(GATED_ROWS)
    for doc, prop in GATED_ROWS.items():
        assert proofs[doc].status == "failed"
        assert all(f"unless property '{prop}' is on" in why for why in proofs[doc].reasons), proofs[doc].reasons
    assert "the game has no property 'National Objectives'" in proofs["22"].reasons[0]
    assert "(editable: on only if the host turns it on)" in proofs["89"].reasons[0]


def test_every_row_is_proven_on_the_fixed_diberardino(diberardino: Spec) -> None:
    proofs = _proofs(diberardino, FIXED.read_text(encoding="utf-8"))
    assert {doc: p.reasons for doc, p in proofs.items() if p.status != "proven"} == {}
    assert all(proofs[doc].claims for doc in GATED_ROWS)


# --- a small game: which claims are gated ---------------------------------------------------------------------
SPEC = """\
game: {name: Gates, map_name: gates}
resources: [PUs]
players: {Reds: {alliance: Red}, Blues: {alliance: Blue}}
relationship_types: {Allied: allied, War: war}
relationships: {within: Allied, between: War}
units:
  infantry: {cost: 3, movement: 1, attack: 1, defense: 2}
  fighter: {cost: 10, movement: 4, attack: 3, defense: 4, options: {isAir: true, canScramble: true}}
territories:
  Redland: {owner: Reds, production: 5, units: {infantry: 3}}
  Blueland: {owner: Blues, production: 5, units: {infantry: 3}}
connections:
  Redland: [Blueland]
objectives:
  - {name: RedsHoldBlueland, player: Reds, value: 2, owns: [{territories: [Blueland]}]}
sequence:
  - turns:
      players: {Reds: reds, Blues: blues}
      phases: [Purchase, CombatMove, Battle, NonCombatMove, Place, EndTurn]
rules:
  - {rule: objective, realization: native,
     proof: [{attachment: {name: objectiveAttachmentRedsHoldBlueland, to: Reds, options: {objectiveValue: 2}}}]}
  - {rule: scramble, realization: native, proof: [{unit: {fighter: {canScramble: true}}}]}
  - {rule: no scramble, realization: native, proof: [{unit: {infantry: {canScramble: false, attack: 1}}}]}
  - {rule: condition only, realization: native,
     proof: [{attachment: {name: objectiveAttachmentRedsHoldBlueland, to: Reds,
                           options: {alliedOwnershipTerritories: "1:Blueland"}}}]}
"""


def _small(tmp_path: Path, properties: str) -> dict[str, RowProof]:
    path = tmp_path / "gates.yaml"
    path.write_text(SPEC + properties, encoding="utf-8")
    spec = load_spec(path)
    model = load_spec_game(spec).model
    assert model is not None
    return {row.rule: proof for row, proof in zip(spec.rules, prove_rows(spec, model, tmp_path), strict=True)}


def test_claims_on_gated_options_fail_while_the_property_is_off(tmp_path: Path) -> None:
    proofs = _small(tmp_path, "")
    assert proofs["objective"].status == "failed"
    assert "national objectives (objectiveValue)" in proofs["objective"].reasons[0]
    assert "no property 'National Objectives'" in proofs["objective"].reasons[0]
    assert proofs["scramble"].status == "failed"
    assert "unless property 'Scramble Rules In Effect' is on" in proofs["scramble"].reasons[0]
    # what the claim does not rely on: an option at TripleA's default, or the condition of an objective
    assert proofs["no scramble"].status == "proven"
    assert proofs["condition only"].status == "proven"


def test_an_editable_property_that_is_off_fails_the_claim_and_one_that_is_on_proves_it(tmp_path: Path) -> None:
    off = _small(tmp_path, "properties:\n  National Objectives: {value: false, editable: true, type: boolean}\n")
    assert off["objective"].status == "failed" and "editable" in off["objective"].reasons[0]
    on = _small(tmp_path, "properties:\n  National Objectives: {value: true, editable: true, type: boolean}\n"
                          "  Scramble Rules In Effect: true\n")
    assert {rule: p.status for rule, p in on.items()} == dict.fromkeys(on, "proven")


# --- gates of unit placement and of destruction on capture (Allies vs. Axis's battleships) ----------------------
CAPTURE_ROWS = """\
  - {rule: placed only at home, realization: native,
     proof: [{unit: {infantry: {unitPlacementOnlyAllowedIn: Redland}}}]}
  - {rule: destroyed when captured, realization: native,
     proof: [{unit: {infantry: {destroyedWhenCapturedFrom: Reds}}}]}
  - {rule: factory builds two, realization: native, proof: [{territory: {Redland: {unitProduction: 2}}}]}
"""
REDLAND = "  Redland: {owner: Reds, production: 5, units: {infantry: 3}}\n"
INFANTRY = "  infantry: {cost: 3, movement: 1, attack: 1, defense: 2}\n"


def _capture(tmp_path: Path, properties: str) -> dict[str, RowProof]:
    path = tmp_path / "capture.yaml"
    infantry = ("  infantry: {cost: 3, movement: 1, attack: 1, defense: 2,\n"
                "             options: {unitPlacementOnlyAllowedIn: Redland, destroyedWhenCapturedFrom: Reds}}\n")
    redland = "  Redland: {owner: Reds, production: 5, options: {unitProduction: 2}, units: {infantry: 3}}\n"
    assert SPEC.count(INFANTRY) == 1 and SPEC.count(REDLAND) == 1
    text = SPEC.replace(INFANTRY, infantry).replace(REDLAND, redland)
    path.write_text(text + CAPTURE_ROWS + properties, encoding="utf-8")
    spec = load_spec(path)
    model = load_spec_game(spec).model
    assert model is not None
    return {row.rule: proof for row, proof in zip(spec.rules, prove_rows(spec, model, tmp_path), strict=True)}


def test_placement_and_capture_claims_need_their_properties(tmp_path: Path) -> None:
    off = _capture(tmp_path, "")
    assert off["placed only at home"].status == "failed"
    assert "(unitPlacementOnlyAllowedIn) unless property 'Unit Placement Restrictions'" \
        in off["placed only at home"].reasons[0]
    assert off["destroyed when captured"].status == "failed"
    assert "unless property 'Units Can Be Destroyed Instead Of Captured'" in off["destroyed when captured"].reasons[0]
    assert off["factory builds two"].status == "failed"
    assert "'Damage From Bombing Done To Units Instead Of Territories'" in off["factory builds two"].reasons[0]
    on = _capture(tmp_path, "properties:\n  Unit Placement Restrictions: true\n"
                            "  Units Can Be Destroyed Instead Of Captured: true\n"
                            "  Damage From Bombing Done To Units Instead Of Territories: true\n")
    rows = ("placed only at home", "destroyed when captured", "factory builds two")
    assert {rule: on[rule].status for rule in rows} == dict.fromkeys(rows, "proven")
