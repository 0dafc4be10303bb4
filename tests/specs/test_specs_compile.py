"""Every seed-variant spec compiles without error, validates against TripleA's game.dtd, is kept
compiled in output/, and its house rules bind to its own map in the reference engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree
from specs_helpers import OUTPUT, SEED_SPECS, cached_spec, compiled

from compiler.engine.rules import make_rules, registry
from compiler.engine.world import build_world


@pytest.mark.parametrize("name", SEED_SPECS)
def test_spec_compiles_without_error(name: str) -> None:
    result = compiled(name)
    errors = [str(p) for p in result.problems if p.is_error]
    assert result.ok and not errors, errors


@pytest.mark.parametrize("name", SEED_SPECS)
def test_compiled_xml_validates_against_game_dtd(name: str, shared: Path) -> None:
    dtd = etree.DTD(str(shared / "reference" / "triplea-2.x" / "game.dtd"))
    root = etree.fromstring(compiled(name).xml.encode("utf-8"), etree.XMLParser(resolve_entities=False))
    assert dtd.validate(root), dtd.error_log.filter_from_errors()[:5]


@pytest.mark.parametrize("name", SEED_SPECS)
def test_output_folder_is_current(name: str) -> None:
    target = OUTPUT / f"{name}.xml"
    assert target.is_file(), f"{target} missing: run triplea-compiler compile specs/{name}.yaml -o output/"
    assert target.read_text(encoding="utf-8") == compiled(name).xml, (
        f"{target} is out of date: run triplea-compiler compile specs/{name}.yaml -o output/")


@pytest.mark.parametrize("name", SEED_SPECS)
def test_house_rules_bind_to_the_map(name: str) -> None:
    spec = cached_spec(name)
    world = build_world(compiled(name).model)
    entries = [{"id": h.id, **(h.model_extra or {})} for h in spec.house_rules if h.id in registry()]
    bound = make_rules(entries, world)  # raises on unknown params or names the map lacks
    assert len(bound) == len(entries)


def test_specs_needing_2x_name_the_feature() -> None:
    """G40 Alt Universe and Empire use options TripleA 1.9 lacks; the 1.9 build says which."""
    from compiler.checks import run_checks
    from compiler.lower import lower_spec


    needs = {"g40_alt_universe": "isSuicideOnAttack", "empire": "costResources"}
    for name, feature in needs.items():
        model, problems = lower_spec(cached_spec(name), "1.9")
        errors = [p.message for p in problems + run_checks(model, engine="1.9") if p.is_error]
        assert errors and all("2.x" in e for e in errors)
        assert any(feature in e for e in errors)
