"""The compile command: deterministic XML, valid for TripleA 2.x, located errors, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from compiler.cli import main
from compiler.compile import compile_spec
from compiler.spec.schema import SCHEMA_PATH, spec_json_schema

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "specs" / "two_fronts.yaml"
SPECS = sorted((ROOT / "specs").glob("*.yaml"))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_example_compiles_deterministically(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert run("compile", str(EXAMPLE), "-o", str(first))[0] == 0
    assert run("compile", str(EXAMPLE), "-o", str(second))[0] == 0
    a, b = (first / "two_fronts.xml").read_bytes(), (second / "two_fronts.xml").read_bytes()
    assert a == b and b"<territory name=\"Westland\"/>" in a


@pytest.mark.parametrize("spec", SPECS, ids=[s.stem for s in SPECS])
def test_every_spec_is_valid_against_the_2x_dtd(spec: Path, shared: Path) -> None:
    result = compile_spec(spec, "2.x")
    assert result.ok, "\n".join(str(p) for p in result.problems if p.is_error)
    dtd = etree.DTD(str(shared / "reference" / "triplea-2.x" / "game.dtd"))
    assert dtd.validate(etree.fromstring(result.xml.encode())), dtd.error_log


def test_connections_are_symmetric_and_declared_once() -> None:
    model = compile_spec(EXAMPLE).model
    pairs = [frozenset((c.t1, c.t2)) for c in model.connections]
    assert len(pairs) == len(set(pairs)) == 21


@pytest.mark.parametrize(
    ("text", "where", "code"),
    [
        ("game: {name: X\nplayers: {}\n", ":2:8:", "yaml-syntax"),
        ("", ":1:1:", "spec-empty"),
        ("game: {name: X}\nplayers: {A: {alliance: B, colour: red}}\nterritories: {T: }\n", ":2:28:", "spec-schema"),
        ("game: {name: X}\nplayers: {A: }\nterritories: {T: }\nterritories: {U: }\n", ":4:1:", "yaml-syntax"),
    ],
    ids=["syntax", "empty", "unknown-key", "duplicate-key"],
)
def test_bad_specs_give_a_located_error_and_exit_1(tmp_path: Path, text: str, where: str, code: str) -> None:
    spec = tmp_path / "bad.yaml"
    spec.write_text(text)
    status, output = run("compile", str(spec), "-o", str(tmp_path / "out"))
    assert status == 1
    assert f"bad.yaml{where}" in output and f"[{code}]" in output
    assert "Traceback" not in output
    assert not (tmp_path / "out").exists()


def test_reference_errors_are_all_reported(tmp_path: Path) -> None:
    spec = tmp_path / "refs.yaml"
    spec.write_text(
        "game: {name: X}\nresources: [PUs]\nplayers: {A: {alliance: X}, B: {alliance: Y}}\n"
        "units: {infantry: {cost: 3}}\n"
        "territories:\n  T: {owner: Nobody, units: {tank: 1}}\n  U: {owner: A}\n"
        "connections: {T: [Atlantis]}\n"
    )
    status, output = run("compile", str(spec), "-o", str(tmp_path / "out"))
    assert status == 1
    for fragment in ("Nobody", "tank", "Atlantis", "refs.yaml:6:", "refs.yaml:8:"):
        assert fragment in output, output


def test_unreadable_spec_exits_2(tmp_path: Path) -> None:
    status, output = run("compile", str(tmp_path / "missing.yaml"), "-o", str(tmp_path))
    assert status == 2 and "missing.yaml" in output and "Traceback" not in output


def test_failed_compile_leaves_previous_output_untouched(tmp_path: Path) -> None:
    spec = tmp_path / "two_fronts.yaml"
    spec.write_text(EXAMPLE.read_text())
    out = tmp_path / "out"
    assert run("compile", str(spec), "-o", str(out))[0] == 0
    before = (out / "two_fronts.xml").read_bytes()
    spec.write_text(EXAMPLE.read_text().replace("owner: Westerners", "owner: Westerns", 1))
    assert run("compile", str(spec), "-o", str(out))[0] == 1
    assert (out / "two_fronts.xml").read_bytes() == before
    assert [p.name for p in out.iterdir()] == ["two_fronts.xml"]


def test_schema_file_is_current() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == spec_json_schema(), (
        "schemas/spec.schema.json is stale: run `triplea-compiler schema -o schemas/spec.schema.json`"
    )


def test_anchors_and_merge_keys(tmp_path: Path) -> None:
    text = EXAMPLE.read_text().replace(
        "  Lowlands:   {production: 3, owner: Westerners, units: {infantry: 2}}",
        "  Lowlands:   &low {production: 3, owner: Westerners, units: {infantry: 2}}",
    ).replace("  Highlands:  {production: 2, owner: Westerners, units: {infantry: 1}}",
              "  Highlands:  {<<: *low, production: 2}")
    assert "<<: *low" in text
    spec = tmp_path / "anchors.yaml"
    spec.write_text(text)
    status, output = run("compile", str(spec), "-o", str(tmp_path / "out"))
    assert status == 0, output
    xml = (tmp_path / "out" / "anchors.xml").read_text()
    assert '<unitPlacement unitType="infantry" territory="Highlands" quantity="2" owner="Westerners"/>' in xml
