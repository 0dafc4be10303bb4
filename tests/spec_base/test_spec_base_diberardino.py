"""DiBerardino Classic is written as its changes to the real Classic game (../shared/reference/maps/
world_war_ii_classic): it compiles to the game of output/diberardino_classic.xml, and a copy of it with
no Classic beside it fails at its `base:` line, without a traceback."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

from compiler.compile import CompileResult, compile_spec
from compiler.diff import diff_models
from compiler.spec.base_source import absolute_base
from compiler.xml.parse import parse_file

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "diberardino_classic.yaml"


@cache
def compiled() -> CompileResult:
    return compile_spec(SPEC)


def test_diberardino_compiles_to_its_output_game(shared: Path) -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert "\nbase: {map: ../../shared/reference/maps/world_war_ii_classic" in text
    assert "\nconnections:" not in text  # Classic's connections, not said again
    result = compiled()
    assert result.ok and result.model is not None, [str(p) for p in result.problems if p.is_error][:5]
    assert diff_models(parse_file(ROOT / "output" / "diberardino_classic.xml").model, result.model) == []
    classic = parse_file(shared / "reference/maps/world_war_ii_classic/map/games/classic.xml").model
    pairs = {frozenset((c.t1, c.t2)) for c in classic.connections}
    assert {frozenset((c.t1, c.t2)) for c in result.model.connections} == pairs


def test_without_its_base_the_variant_fails_at_the_base_line(tmp_path: Path) -> None:
    copy = Path(shutil.copy(SPEC, tmp_path))
    result = compile_spec(copy)
    assert not result.ok
    [problem] = [p for p in result.problems if p.is_error]
    lines = SPEC.read_text(encoding="utf-8").splitlines()
    line = 1 + next(i for i, text in enumerate(lines) if text.startswith("base:"))
    assert (problem.code, problem.location.path, problem.location.line) == ("spec-base", str(copy), line)
    assert "not found" in problem.message and "world_war_ii_classic" in problem.message


def test_a_copy_with_its_base_made_absolute_compiles_alike(shared: Path, tmp_path: Path) -> None:
    copy = tmp_path / SPEC.name
    copy.write_text(absolute_base(SPEC.read_text(encoding="utf-8"), SPEC), encoding="utf-8")
    assert compile_spec(copy).xml == compiled().xml
