"""Releases as users name them (compiler/engines.py over releases.json): aliases, lines, full versions, what is
newer than the tool knows; and the command line, specs and configurations taking them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler import engines
from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]
TWO_FRONTS = ROOT / "output" / "two_fronts.xml"


@pytest.mark.parametrize(("name", "line"), [
    ("latest", "2026-08"), ("2.x", "2.7"), ("2026-08", "2026-08"), ("2026-08.16.15726", "2026-08"),
    ("2026-08.16.15722", "2026-08"), ("2026.06.16.15623", "2026-06"), ("2026-06.16.15640", "2026-06"),
    ("2026-07", "2026-07"), ("2.7", "2.7"), ("2.7.15622", "2.7"), ("2.6", "2.6"), ("1.9", "1.9"),
    ("1.9.0.0.7062", "1.9"),
])
def test_names_resolve_to_their_release(name: str, line: str) -> None:
    assert engines.line(name) == line
    assert engines.family(name) == ("1.9" if line == "1.9" else "2.x")


@pytest.mark.parametrize(("name", "says"), [
    ("2026-09", "newer than the newest release this tool knows (2026-08.16.15726)"),
    ("2026-08.16.15999", "newer than the newest release this tool knows"),
    ("2027-01.17.16000", "use --engine latest (2026-08)"),
    ("2.8", "unknown engine '2.8'"), ("2.4", "unknown engine '2.4'"), ("3", "unknown engine"),
    ("2026.13", "unknown engine"), ("two", "unknown engine"), ("", "unknown engine"),
])
def test_unknown_and_newer_names_are_refused(name: str, says: str) -> None:
    with pytest.raises(ValueError) as refused:
        engines.resolve(name)
    assert says in str(refused.value)


def test_the_releases_sort_and_latest_is_the_newest() -> None:
    orders = [r.order for r in engines.releases()]
    assert orders == sorted(orders, reverse=True) and orders[0] == (2026, 8)
    assert engines.newest().name == "2026-08" and engines.oldest_2x().name == "2.5"
    assert engines.in_line("latest", "2.6") and engines.in_line("2026-06", "2.x")
    assert not engines.in_line("2026-08", "2.5", until="2.7")


@pytest.mark.parametrize(("text", "line", "known", "newer"), [
    ("2026-08.16.15726", "2026-08", True, False), ("2026-08.16.15730", "2026-08", True, True),
    ("2026-11.17.15800", "2026-11", False, True), ("2026.06.16.15623", "2026-06", True, False),
    ("2.7.15622", "2.7", True, False), ("2.0.20123", "2.0", False, False), ("1.9.0.0.7062", "1.9", True, False),
    ("1.8.0.9", "1.8", False, False),
])
def test_versions_as_saves_write_them(text: str, line: str, known: bool, newer: bool) -> None:
    version = engines.read_version(text)
    assert version is not None
    assert (version.line, version.release is not None, version.newer) == (line, known, newer)


@pytest.mark.parametrize("text", ["", "hello", "x.y", "2026-8"])
def test_what_is_no_version(text: str) -> None:
    assert engines.read_version(text) is None


def test_the_command_line_takes_every_name_and_refuses_the_rest() -> None:
    for name in ("latest", "2026-08", "2026-08.16.15726", "2.x", "2.7.15622"):
        result = CliRunner().invoke(main, ["validate", "--engine", name, str(TWO_FRONTS)])
        assert result.exit_code == 0, (name, result.output)
    result = CliRunner().invoke(main, ["validate", "--engine", "2026-09", str(TWO_FRONTS)])
    assert result.exit_code == 2 and "is newer than the newest release this tool knows" in result.output
    result = CliRunner().invoke(main, ["compile", "--engine", "2.8", "-o", "/nonexistent", "specs/two_fronts.yaml"])
    assert result.exit_code == 2 and "unknown engine '2.8'" in result.output
    listed = CliRunner().invoke(main, ["validate", "--help"]).output
    assert "latest" in listed and "2026-08.16.15726" in listed


def test_shell_completion_offers_the_names() -> None:
    env = {"COMP_WORDS": "triplea-compiler validate --engine 20", "COMP_CWORD": "3",
           "_TRIPLEA_COMPILER_COMPLETE": "bash_complete"}
    result = CliRunner().invoke(main, [], env=env, prog_name="triplea-compiler")
    assert result.output.split() == ["plain,2026-08", "plain,2026-07", "plain,2026-06"]


def test_a_spec_and_a_configuration_name_a_release(tmp_path: Path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text((ROOT / "specs" / "two_fronts.yaml").read_text(encoding="utf-8").replace(
        "game:", "engine: 2026-08.16.15726\ngame:", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["compile", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "for TripleA 2026-08. Edit" in (tmp_path / "out" / "spec.xml").read_text(encoding="utf-8")
    spec.write_text(spec.read_text(encoding="utf-8").replace("engine: 2026-08.16.15726", "engine: 2026-13"),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["compile", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and "unknown engine '2026-13'" in result.output
    (tmp_path / ".triplea-compiler.yaml").write_text("engine: '2026-09'\n", encoding="utf-8")
    config = tmp_path / ".triplea-compiler.yaml"
    result = CliRunner().invoke(main, ["validate", str(TWO_FRONTS), "--config", str(config)])
    assert result.exit_code == 2 and "newer than the newest release this tool knows" in result.output
