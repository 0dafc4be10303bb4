"""compile refuses a spec whose names or texts hold characters a game XML cannot hold (XML 1.0's Char
production: control characters, U+FFFE, U+FFFF), located at the key, and writes no game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main

TWO_FRONTS = Path(__file__).resolve().parents[2] / "specs" / "two_fronts.yaml"


@pytest.mark.parametrize(("old", "new", "line", "shown"), [
    ("  name: Two Fronts", '  name: "Two\\x01Fronts"', 4, "game.name: 'Two\\x01Fronts'"),
    ("  Westland:", '  "West\\eland":', None, "'West\\x1bland'"),  # a territory's name, a key
    ("  name: Two Fronts", '  name: "Two Fronts\\uFFFE"', 4, "'Two Fronts\\ufffe'"),
])
def test_a_name_xml_cannot_hold_is_refused(tmp_path: Path, old: str, new: str, line: int | None, shown: str) -> None:
    text = TWO_FRONTS.read_text(encoding="utf-8")
    assert old in text
    spec = tmp_path / "spec.yaml"
    spec.write_text(text.replace(old, new, 1), encoding="utf-8")
    out = tmp_path / "out"
    done = CliRunner().invoke(main, ["compile", str(spec), "-o", str(out)])
    assert done.exit_code == 1, done.output
    [first, *_] = [row for row in done.output.splitlines() if "[spec-schema]" in row]
    assert shown in first and "cannot hold" in first
    if line is not None:
        assert f"spec.yaml:{line}:" in first
    assert not out.exists() or not list(out.iterdir())


def test_tabs_and_line_breaks_are_kept(tmp_path: Path) -> None:
    text = TWO_FRONTS.read_text(encoding="utf-8")
    assert "notes: |" in text  # the notes hold line breaks: compiled as ever
    done = CliRunner().invoke(main, ["compile", str(TWO_FRONTS), "-o", str(tmp_path)])
    assert done.exit_code == 0 and "<game" in (tmp_path / "two_fronts.xml").read_text(encoding="utf-8")
