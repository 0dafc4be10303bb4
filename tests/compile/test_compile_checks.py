"""Compile-time validation: the problems issue 2 names are found in specs, located in the YAML."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.compile import compile_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "specs" / "two_fronts.yaml"


def compile_text(tmp_path: Path, text: str):
    spec = tmp_path / "case.yaml"
    spec.write_text(text)
    return compile_spec(spec)


def edited(old: str, new: str) -> str:
    source = EXAMPLE.read_text()
    assert old in source
    return source.replace(old, new, 1)


def codes(result, severity: str | None = None) -> set[str]:
    return {p.code for p in result.problems if severity is None or str(p.severity) == severity}


def test_the_example_is_clean(tmp_path: Path) -> None:
    result = compile_text(tmp_path, EXAMPLE.read_text())
    assert result.ok and not [p for p in result.problems if p.is_error]


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("owner: Westerners, units: {infantry: 2}}", "owner: Westers, units: {infantry: 2}}", "Westers"),
        ("units: {infantry: 1}}\n  West Sea", "units: {infantrie: 1}}\n  West Sea", "infantrie"),
        ("Highlands: [Midmarch]", "Highlands: [Midmarsh]", "Midmarsh"),
        ("resources: {PUs: 20}}\n  Easterners", "resources: {IPCs: 20}}\n  Easterners", "IPCs"),
        ("players: {Westerners: western, Easterners: eastern}", "players: {Westerners: western, Eastrners: eastern}",
         "Eastrners"),
    ],
    ids=["territory-owner", "placed-unit", "connection", "resource", "step-player"],
)
def test_unknown_references_are_errors_at_their_line(tmp_path: Path, old: str, new: str, needle: str) -> None:
    text = edited(old, new)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)
    result = compile_text(tmp_path, text)
    assert not result.ok
    hits = [p for p in result.problems if p.is_error and needle in p.message]
    assert hits and all(p.location.line == line for p in hits), [str(p) for p in result.problems]


def test_missing_relationship_is_reported(tmp_path: Path) -> None:
    pairs = "relationships: {pairs: [{players: [Westerners, Westerners], type: War}]}\n"
    result = compile_text(tmp_path, edited("relationships: {within: Allied, between: War}\n", pairs))
    assert "missing-relationship" in codes(result, "warning")
    assert any("Westerners" in p.message and "Easterners" in p.message for p in result.problems)
    result = compile_text(tmp_path, edited("relationships: {within: Allied, between: War}\n", ""))
    assert "missing-relationship" in codes(result, "warning")


def test_canal_sea_zones_must_touch_its_land(tmp_path: Path) -> None:
    canal = "canals:\n  Kiel: {sea_zones: [West Sea, East Sea], land: [Isle]}\n"
    result = compile_text(tmp_path, EXAMPLE.read_text() + canal)
    assert not result.ok
    assert any("East Sea" in p.message and p.location.line > 60 for p in result.problems if p.is_error)


def test_canal_on_land_is_an_error(tmp_path: Path) -> None:
    canal = "canals:\n  Kiel: {sea_zones: [Lowlands, Narrow Sea], land: [Midmarch]}\n"
    result = compile_text(tmp_path, EXAMPLE.read_text() + canal)
    assert not result.ok
    assert any("Lowlands" in p.message for p in result.problems if p.is_error)


def test_strait_must_join_two_land_territories(tmp_path: Path) -> None:
    strait = "straits:\n  Sound: {between: [Isle, West Sea]}\n"
    result = compile_text(tmp_path, EXAMPLE.read_text() + strait)
    assert "strait-not-land" in codes(result, "error")


def test_production_rule_for_unknown_unit(tmp_path: Path) -> None:
    rule = "production:\n  rules: {buyTank: {cost: {PUs: 5}, result: {tank: 1}}}\n"
    result = compile_text(tmp_path, EXAMPLE.read_text() + rule)
    assert not result.ok and any("tank" in p.message for p in result.problems if p.is_error)


def test_player_without_frontier(tmp_path: Path) -> None:
    text = EXAMPLE.read_text() + "production:\n  frontiers: {west: [buyInfantry], east: [buyArmour]}\n"
    text = text.replace("Westerners: {alliance: League,", "Westerners: {frontier: west, alliance: League,", 1)
    result = compile_text(tmp_path, text)
    assert any("Easterners" in p.message and "frontier" in p.message for p in result.problems)


def test_disconnected_map_is_a_warning(tmp_path: Path) -> None:
    text = edited("  Isle: [West Sea, Narrow Sea]\n", "")
    result = compile_text(tmp_path, text)
    assert result.ok
    assert any("Isle" in p.message for p in result.problems if not p.is_error), [str(p) for p in result.problems]


def test_19_target_names_the_missing_feature(tmp_path: Path) -> None:
    text = EXAMPLE.read_text() + "variables:\n  Fronts: [Westland, Eastland]\n"
    spec = tmp_path / "case.yaml"
    spec.write_text(text)
    assert compile_spec(spec, "2.x").ok
    result = compile_spec(spec, "1.9")
    assert not result.ok
    assert any("2.x" in p.message for p in result.problems if p.is_error), [str(p) for p in result.problems]
