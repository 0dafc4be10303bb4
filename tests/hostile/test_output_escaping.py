"""What comes from input is printed escaped in every format: a territory name, a map.yml game name or a file
name holding a newline, an escape sequence or bytes that are not UTF-8 never starts a line of its own (such as
`::add-mask::` in a GitHub workflow log), never drives the terminal, and never makes writing the output fail
(SARIF, HTML)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile_inputs import XML

from compiler.cli import main
from compiler.problems import Location, Problem
from compiler.report import format_problems
from compiler.safetext import html_text, safe_line, visible

HOSTILE_NAME = "West\n::add-mask::secret\x9b31m\u202e"
SMALL_GAME = b'<?xml version="1.0"?><game><info name="G" version="1"/><map><territory name="A"/></map></game>'
CONTROL = {chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))} - {"\n"}


def _game(name: str) -> bytes:
    escaped = name.replace("\n", "&#10;").replace("\x9b", "&#x9b;").replace("\u202e", "&#x202e;")
    return XML.read_bytes().replace(b'<territory name="Westland"', f'<territory name="{escaped}"'.encode(), 1)


def _printable(output: str) -> None:
    """No line of `output` starts with `::` unless it is a workflow command of ours; no control characters."""
    for line in output.splitlines():
        assert not line.startswith("::") or line.startswith(("::error ", "::warning ")), line
        assert "add-mask" not in line.split("::", 1)[0], line
    assert not CONTROL & set(output), repr(output)


def test_visible_shows_every_unsafe_character_as_an_escape() -> None:
    assert visible("a\nb\r\tc\x1b[31m\x00\x7f\x9b") == "a\\nb\\r\\tc\\x1b[31m\\x00\\x7f\\x9b"
    assert visible("\u2028\u202e\udcff") == "\\u2028\\u202e\\xff"
    assert visible("Westland, Côte d'Ivoire") == "Westland, Côte d'Ivoire"
    assert safe_line("::error file=x::y") == "./::error file=x::y" and safe_line("a::b") == "a::b"
    assert html_text("<b>\x1b\n\udcfe</b>") == "&lt;b&gt;\\x1b\n\\xfe&lt;/b&gt;"


@pytest.mark.parametrize("fmt", ["text", "github", "sarif", "json"])
def test_a_territory_name_with_a_newline_cannot_start_a_workflow_command(tmp_path: Path, fmt: str) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "g.xml").write_bytes(_game(HOSTILE_NAME))
    result = CliRunner().invoke(main, ["validate", "--format", fmt, "--color", "never", str(tmp_path)])
    assert result.exit_code in (0, 1), result.output
    if fmt in ("sarif", "json"):
        doc = json.loads(result.stdout)
        texts = [r["message"]["text"] for r in doc["runs"][0]["results"]] if fmt == "sarif" else \
            [p["message"] for p in doc["problems"]]
        assert any("West" in t for t in texts)
        if fmt == "sarif":
            assert not any(CONTROL & set(t) or "\n" in t for t in texts)
        else:  # JSON keeps the name as it is, escaped by JSON itself
            assert any(HOSTILE_NAME in t for t in texts)
        return
    newline = "%0A" if fmt == "github" else "\\n"  # GitHub's own escape of a newline in a workflow command
    assert f"West{newline}::add-mask::secret\\x9b31m\\u202e" in result.output
    _printable(result.output)


def test_colored_text_is_escaped_too(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "g.xml").write_bytes(_game(HOSTILE_NAME))
    result = CliRunner().invoke(main, ["validate", "--color", "always", str(tmp_path)], color=True)
    assert "\x1b[" in result.output and "West\\n::add-mask::" in result.output
    assert "\n::add-mask" not in result.output


def test_a_file_name_starting_with_two_colons_does_not_start_a_line_with_them() -> None:
    problem = Problem("unreadable", "no such file or folder", Location("::add-mask::x.xml"))
    for fmt in ("text", "github"):
        _printable(format_problems([problem], fmt))
    assert str(problem).startswith("./::add-mask::x.xml: error:")


def test_file_names_that_are_not_utf8_are_shown_escaped_in_every_format(tmp_path: Path) -> None:
    folder = Path(os.fsdecode(bytes(tmp_path) + b"/bad\xff\nname"))
    (folder / "games").mkdir(parents=True)
    game = folder / "games" / os.fsdecode(b"g\xfe.xml")
    game.write_bytes(SMALL_GAME)
    shown = {"text": "bad\\xff\\nname/games/g\\xfe.xml", "github": "bad\\xff%0Aname/games/g\\xfe.xml"}
    runner = CliRunner()
    for fmt in ("text", "github", "sarif", "json"):
        result = runner.invoke(main, ["validate", "--format", fmt, str(folder)])
        assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit), \
            (fmt, result.output, result.exception)
        if fmt == "sarif":
            doc = json.loads(result.stdout)
            assert doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] \
                .endswith("/bad%FF%0Aname/games/g%FE.xml")
        elif fmt != "json":
            assert shown[fmt] in result.output, result.output
            _printable(result.output)
    relative = runner.invoke(main, ["validate", "--format", "sarif", os.path.relpath(folder)])
    assert relative.exit_code == 1 and "bad%FF%0Aname" in relative.stdout
    page = tmp_path / "report.html"
    result = runner.invoke(main, ["validate", "--html", str(page), str(folder)])
    assert result.exit_code == 1, result.output
    html = page.read_text(encoding="utf-8")
    assert "bad\\xff" in html and "\udcff" not in html
