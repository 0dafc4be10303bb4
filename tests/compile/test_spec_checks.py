"""Spec checks (compiler/checks/spec/) run by compile: house rules resolved against the game, coverage,
the spec's own consistency; each located in the spec."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.checks.spec import SPEC_CHECKS
from compiler.cli import main
from compiler.compile import compile_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "specs" / "two_fronts.yaml"
STRAIT = "  - {id: strait-crossing, straits: [[Midmarch, %s]]}\n"
RULE = "rules: [{rule: Straits, realization: house-rule, house_rule: strait-crossing}]\n"


def spec_with(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(EXAMPLE.read_text() + extra)
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, row in enumerate(path.read_text().splitlines(), 1) if needle in row)


@pytest.mark.parametrize("module", SPEC_CHECKS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_every_spec_check_documents_itself(module) -> None:
    doc = module.__doc__ or ""
    assert "Failing::" in doc and "Passing::" in doc
    assert module.SEVERITY in ("error", "warning") and callable(module.check)


@pytest.mark.parametrize(("name", "kind"), [("Atlantis", "territory"), ("Highlands", None)])
def test_compile_rejects_a_house_rule_naming_what_the_game_lacks(tmp_path: Path, name: str, kind: str | None) -> None:
    path = spec_with(tmp_path, "house_rules:\n" + STRAIT % name + RULE)
    result = CliRunner().invoke(main, ["compile", str(path), "-o", str(tmp_path / "out")])
    if kind is None:
        assert result.exit_code == 0, result.output
        assert "house-rule-unknown-name" not in result.output
        return
    assert result.exit_code == 1, result.output
    line = line_of(path, "strait-crossing, straits")
    assert f"{path}:{line}:5: error: house rule 'strait-crossing': unknown {kind}: {name} " \
           "[house-rule-unknown-name]" in result.output
    assert not (tmp_path / "out" / "case.xml").exists()


def test_unknown_players_and_units_are_rejected_too(tmp_path: Path) -> None:
    rules = ("house_rules:\n"
             "  - {id: strait-crossing, straits: [[Midmarch, Highlands]], granted: {Westerners: [Northerners]}}\n"
             "  - {id: build-limit, limits: {zeppelin: 1}}\n"
             "rules:\n"
             "  - {rule: Straits, realization: house-rule, house_rule: strait-crossing}\n"
             "  - {rule: Builds, realization: house-rule, house_rule: build-limit}\n")
    result = compile_spec(spec_with(tmp_path, rules))
    found = [p.message for p in result.problems if p.code == "house-rule-unknown-name"]
    assert not result.ok and len(found) == 2, [str(p) for p in result.problems]
    assert "Northerners" in found[0] and "zeppelin" in found[1]


def test_coverage_is_checked_at_compile_time(tmp_path: Path) -> None:
    extra = ("house_rules:\n  - {id: build-limit, limits: {infantry: 1}}\n"
             "rules:\n  - {rule: Straits, realization: house-rule, house_rule: strait-crossing}\n"
             "  - {rule: Convoys, realization: approximated}\n")
    result = compile_spec(spec_with(tmp_path, extra))
    by_code = {p.code: p for p in result.problems}
    assert {"coverage-house-rule", "coverage-detail", "coverage-unused-house-rule"} <= set(by_code)
    assert by_code["coverage-house-rule"].is_error and not by_code["coverage-detail"].is_error
    assert not result.ok


def test_a_spec_without_rules_compiles_without_a_coverage_warning(tmp_path: Path) -> None:
    result = compile_spec(spec_with(tmp_path, ""))
    assert result.ok and not [p for p in result.problems if p.code.startswith("coverage")]
