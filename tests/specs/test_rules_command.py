"""`triplea-compiler rules`: the coverage table of a spec, and its consistency checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from specs_helpers import SEED_SPECS, SPECS

from compiler.cli import main
from compiler.coverage import coverage_problems, coverage_summary
from compiler.spec import load_spec_text

MINI = """
game: {name: Mini}
players: {A: {alliance: X}, B: {alliance: Y}}
territories: {T1: {owner: A}, T2: {owner: B}}
connections: {T1: [T2]}
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["rules", *args])
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mini.yaml"
    path.write_text(MINI + text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", SEED_SPECS)
def test_json_lists_every_rule(name: str) -> None:
    code, out, _ = run(str(SPECS / f"{name}.yaml"), "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert rows and all(set(r) == {"rule", "realization", "detail", "house_rule", "choice", "doc", "unrecorded",
                                    "proof"} for r in rows)
    assert {r["realization"] for r in rows} <= {"native", "approximated", "house-rule", "play-engine"}
    assert all(r["proof"]["status"] == "proven" for r in rows)
    assert all(r["house_rule"] for r in rows if r["realization"] == "house-rule")
    assert all(r["detail"] for r in rows if r["realization"] == "approximated")


def test_text_table_counts(tmp_path: Path) -> None:
    path = write(tmp_path, """
house_rules: [{id: build-limit, limits: {inf: 3}}]
rules:
  - {rule: "Two sides", realization: native}
  - {rule: "At most 3 infantry", realization: house-rule, house_rule: build-limit}
  - {rule: "Dice are rolled by the players", realization: approximated, detail: "TripleA rolls", choice: true}
""")
    code, out, err = run(str(path), "--no-proofs")
    assert code == 0, err
    assert "* approximated  Dice are rolled by the players" in out
    assert "-> house rule build-limit" in out
    assert "Mini: 3 rules: 1 native, 1 house-rule, 1 approximated; 1 choice (*)" in out


def test_unreadable_spec_exits_2(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "missing.yaml"))
    assert code == 2 and "cannot read spec" in err


def test_invalid_spec_exits_1(tmp_path: Path) -> None:
    code, _, err = run(str(write(tmp_path, "rules: [{rule: x, realization: magic}]\n")))
    assert code == 1 and "mini.yaml:" in err


def test_house_rule_not_configured_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path, "rules: [{rule: x, realization: house-rule, house_rule: build-limit}]\n")
    code, _, err = run(str(path))
    assert code == 1 and "which house_rules: does not configure" in err


def test_bad_house_rule_params_exit_1(tmp_path: Path) -> None:
    path = write(tmp_path, """
house_rules: [{id: build-limit, limits: {}}]
rules: [{rule: x, realization: house-rule, house_rule: build-limit}]
""")
    code, _, err = run(str(path))
    assert code == 1 and "house rule 'build-limit': limits" in err


def test_unknown_house_rule_is_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, """
house_rules: [{id: dice-etiquette, polite: true}]
rules: [{rule: x, realization: house-rule, house_rule: dice-etiquette}]
""")
    code, _, err = run(str(path), "--no-proofs")
    assert code == 0 and "not (yet) a rule of the reference engine" in err


def test_house_rule_serving_no_rule_is_reported() -> None:
    spec = load_spec_text(MINI + "house_rules: [{id: build-limit, limits: {inf: 3}}]\n", "m.yaml")
    codes = [p.code for p in coverage_problems(spec)]
    assert "coverage-unused-house-rule" in codes and "coverage-empty" in codes
    assert coverage_summary(spec)["total"] == 0


def test_rules_list_gives_every_house_rule_with_its_parameters_and_every_league() -> None:
    from compiler.engine.rules import registry
    from compiler.league import built_in_names

    done = CliRunner().invoke(main, ["rules", "--list"])
    assert done.exit_code == 0, done.output
    listed = {line.split()[0]: line for line in done.output.splitlines()}
    assert set(registry()) | set(built_in_names()) == set(listed)
    assert "[bidders, banned, only, per_territory, own_territories, ships_where_ships]" in listed["bid-placement"]
    assert CliRunner().invoke(main, ["rules"]).exit_code == 2
