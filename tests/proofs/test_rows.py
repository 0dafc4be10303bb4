"""Row verdicts (proven, failed, unproven) by realization, house-rule proofs with game logs, and the
`rules` command's table and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.load import load_spec_game
from compiler.proofs import prove_rows
from compiler.spec import load_spec

SPEC = """\
game: {name: Straits, map_name: straits}
resources: [PUs]
players: {Reds: {alliance: Red}, Blues: {alliance: Blue}}
relationship_types: {Allied: allied, War: war}
relationships: {within: Allied, between: War}
units:
  infantry: {cost: 3, movement: 1, attack: 1, defense: 2}
  ship: {cost: 8, movement: 2, attack: 2, defense: 2, options: {isSea: true}}
territories:
  Redland: {owner: Reds, production: 5, units: {infantry: 3}}
  Isthmus: {owner: Reds, production: 1}
  Blueland: {owner: Blues, production: 5, units: {infantry: 3}}
  North Sea: {water: true, units: {Reds: {ship: 1}}}
  South Sea: {water: true}
connections:
  Redland: [Isthmus, North Sea]
  Isthmus: [Blueland, North Sea, South Sea]
  Blueland: [South Sea]
  North Sea: [South Sea]
canals:
  Isthmus Canal: {sea_zones: [North Sea, South Sea], land: [Isthmus]}
sequence:
  - turns:
      players: {Reds: reds, Blues: blues}
      phases: [Purchase, CombatMove, Battle, NonCombatMove, Place, EndTurn]
house_rules:
  - {id: move-limit, player: Reds, phase: combat-move, max_units: 2}
rules:
"""

LOG = """\
events:
  - {{type: step, round: 1, player: Reds, step: redsCombatMove}}
  - {{type: move, units: {{infantry: {count}}}, route: [Redland, Isthmus]}}
"""


def project(tmp_path: Path, rows: str) -> Path:
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "three.yaml").write_text(LOG.format(count=3), encoding="utf-8")
    (tmp_path / "logs" / "two.yaml").write_text(LOG.format(count=2), encoding="utf-8")
    (tmp_path / "logs" / "atlantis.yaml").write_text(LOG.format(count=3).replace("Isthmus]", "Atlantis]"),
                                                     encoding="utf-8")
    spec = tmp_path / "straits.yaml"
    spec.write_text(SPEC + rows, encoding="utf-8")
    return spec


def verdicts(spec_path: Path) -> list[tuple[str, list[str]]]:
    spec = load_spec(spec_path)
    model = load_spec_game(spec).require_clean().model
    return [(p.status, p.reasons) for p in prove_rows(spec, model, spec_path.parent)]


HOUSE = "{house_rule: {id: move-limit, breaks: [logs/three.yaml], keeps: [logs/two.yaml]}}"


@pytest.mark.parametrize(("row", "status", "reason"), [
    ("{rule: Canal, realization: native, proof: [{canal: {Isthmus Canal: {sea_zones: [North Sea, South Sea], "
     "land: [Isthmus]}}}]}", "proven", None),
    ("{rule: Canal, realization: native, proof: [{canal: {Isthmus Canal: {sea_zones: [North Sea, South Sea], "
     "land: [Redland]}}}]}", "failed", "canal Isthmus Canal: opened by ['Isthmus'], the proof says ['Redland']"),
    ("{rule: Canal, realization: native}", "unproven", "native: no proof"),
    (f"{{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{HOUSE}]}}", "proven", None),
    ("{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{unit: {ship: {isSea: true}}}]}",
     "unproven", "house-rule: no house_rule claim with breaking and keeping logs for move-limit"),
    ("{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{house_rule: {id: move-limit, "
     "breaks: [logs/two.yaml], keeps: [logs/three.yaml]}}]}", "failed",
     "logs/two.yaml should break it, but the engine finds it kept"),
    ("{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{house_rule: {id: move-limit, "
     "breaks: [logs/three.yaml], keeps: [logs/three.yaml]}}]}", "failed",
     "logs/three.yaml should keep it, but the engine finds it broken: Reds has moved 3 units"),
    ("{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{house_rule: {id: move-limit, "
     "breaks: [logs/missing.yaml], keeps: [logs/two.yaml]}}]}", "failed", "cannot read log"),
    ("{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{house_rule: {id: move-limit, "
     "breaks: [logs/atlantis.yaml], keeps: [logs/two.yaml]}}]}", "failed",  # refused as check-log refuses it
     "logs/atlantis.yaml:3: bad event (event 2)"),
    ("{rule: Two units, realization: house-rule, house_rule: move-limit, proof: [{house_rule: {id: strait-crossing, "
     "breaks: [logs/three.yaml], keeps: [logs/two.yaml]}}]}", "failed",
     "house rule strait-crossing: house_rules: does not configure it"),
    ("{rule: Dice, realization: approximated, detail: TripleA rolls}", "unproven", "unrecorded:"),
    ("{rule: Dice, realization: approximated, detail: TripleA rolls, unrecorded: the players' intentions}",
     "proven", None),
    ("{rule: Dice, realization: approximated, detail: TripleA rolls, unrecorded: intentions, "
     "proof: [{unit: {ship: {isSea: false}}}]}", "failed", "unit ship: isSea is 'true', the proof says false"),
])
def test_row_verdict(tmp_path: Path, row: str, status: str, reason: str | None) -> None:
    path = project(tmp_path, f"  - {row}\n")
    ((found, why),) = verdicts(path)
    assert found == status, why
    assert (why == []) if reason is None else (why and reason in why[0]), why


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["rules", *args])
    return result.exit_code, result.stdout, result.stderr


def test_rules_command_marks_each_row_and_fails_on_an_unproven_one(tmp_path: Path) -> None:
    path = project(tmp_path, f"  - {{rule: Two units, realization: house-rule, house_rule: move-limit, "
                             f"proof: [{HOUSE}]}}\n  - {{rule: Canal, realization: native}}\n")
    code, out, _ = run(str(path))
    assert code == 1
    assert out.splitlines()[0] == "+   house-rule  Two units"
    assert "?   native      Canal" in out and "! native: no proof" in out
    assert out.rstrip().endswith("proofs: 1 proven, 0 failed, 1 unproven")
    code, out, _ = run(str(path), "--no-proofs")
    assert code == 0 and out.splitlines()[0] == "  house-rule  Two units"
    code, out, _ = run(str(path), "--format", "json")
    rows = json.loads(out)
    assert [r["proof"]["status"] for r in rows] == ["proven", "unproven"] and code == 1


def test_rules_command_proves_against_a_game_xml(tmp_path: Path) -> None:
    path = project(tmp_path, "  - {rule: Canal, realization: native, proof: [{connected: [[Redland, Isthmus]]}]}\n")
    assert run(str(path))[0] == 0
    assert CliRunner().invoke(main, ["compile", str(path), "-o", str(tmp_path / "out")]).exit_code == 0
    xml = tmp_path / "out" / "straits.xml"
    assert run(str(path), "--game", str(xml))[0] == 0
    xml.write_text(xml.read_text(encoding="utf-8").replace('t1="Redland" t2="Isthmus"', 't1="Redland" t2="Blueland"'),
                   encoding="utf-8")
    code, out, _ = run(str(path), "--game", str(xml))
    assert code == 1 and "! Redland and Isthmus are not connected" in out
    code, _, err = run(str(path), "--game", str(tmp_path / "nothing.xml"))
    assert code == 2 and "nothing.xml" in err
