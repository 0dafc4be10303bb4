"""A spec edited by hand after import compiles, and `diff` shows exactly the edits."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main
from compiler.diff import diff_models, load_game
from compiler.lift import import_text
from compiler.xml.parse import parse_file


def _edit(text: str, pattern: str, replacement: str) -> str:
    edited, count = re.subn(pattern, replacement, text, flags=re.MULTILINE)
    assert count == 1, pattern
    return edited


def test_hand_edits_show_up_exactly(shared: Path, tmp_path: Path) -> None:
    xml = shared / "reference/maps/world_war_ii_classic/map/games/classic.xml"
    text = import_text(parse_file(xml).model)
    text = _edit(text, r"^  Alaska: \{production: 2,", "  Alaska: {production: 5,")  # production
    text = _edit(text, r"^  Alaska: \[West Canada\]$", "  Alaska: [West Canada, Japan]")  # a new connection
    text = _edit(text, r"^(  Algeria: \{production: 1, owner: Germans), units: \{infantry: 1\}\}$", r"\1}")  # a unit
    spec = tmp_path / "classic.yaml"
    spec.write_text(text, encoding="utf-8")

    differences = diff_models(load_game(xml), load_game(spec))
    found = {(d.kind, d.key, json.dumps(d.a), json.dumps(d.b)) for d in differences}
    assert found == {
        ("option", "territoryAttachment / Alaska / production", '"2"', '"5"'),
        ("connection", "Alaska / Japan", "null", "true"),
        ("units", "Algeria / Germans / infantry /  / ", "1", "null"),
    }
    lines = text.splitlines()
    for d in differences:  # each difference points at the edited line of the spec
        assert d.b_location.path == str(spec) or d.a_location.path == str(xml)
    alaska = next(d for d in differences if d.kind == "option")
    assert lines[alaska.b_location.line - 1].startswith("  Alaska: {production: 5")
    assert alaska.a_location.path == str(xml) and alaska.a_location.line > 0


def test_unedited_import_is_equal_through_the_cli(shared: Path, tmp_path: Path) -> None:
    xml = shared / "reference/maps/world_war_ii_classic/map/games/iron_blitz.xml"
    spec = tmp_path / "iron_blitz.yaml"
    runner = CliRunner()
    result = runner.invoke(main, ["import", str(xml), "-o", str(spec)])
    assert result.exit_code == 0, result.output
    assert spec.read_text(encoding="utf-8").startswith("# Imported by triplea-compiler from iron_blitz.xml.")
    result = runner.invoke(main, ["diff", str(xml), str(spec), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"equal": True, "differences": []}


def test_import_prints_to_stdout(shared: Path) -> None:
    xml = shared / "reference/maps/world_war_ii_classic/map/games/classic.xml"
    result = CliRunner().invoke(main, ["import", str(xml)])
    assert result.exit_code == 0
    assert "territories:" in result.output and "Suez Canal:" in result.output


def test_import_of_bad_input_is_a_located_error(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["import", str(tmp_path / "none.xml")])
    assert missing.exit_code == 2 and "none.xml" in missing.output
    not_game = tmp_path / "other.xml"
    not_game.write_text("<notagame/>", encoding="utf-8")
    result = runner.invoke(main, ["import", str(not_game)])
    assert result.exit_code == 2 and "other.xml:1" in result.output
    odd = tmp_path / "odd.xml"
    odd.write_text('<game><info name="x"/><map><territory/></map><playerList/></game>', encoding="utf-8")
    result = runner.invoke(main, ["import", str(odd), "-o", str(tmp_path / "odd.yaml")])
    assert result.exit_code == 1 and "odd.xml:1" in result.output and (tmp_path / "odd.yaml").exists()
