"""`triplea-compiler show-save`: text and JSON output, exit codes."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main

COMBAT = Path("reference/saves/revised_during_land_to_land_combat.tsvg")


def test_json_output(shared: Path) -> None:
    result = CliRunner().invoke(main, ["show-save", str(shared / COMBAT), "--format", "json", "--history"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"game", "round", "step", "player", "territories", "resources", "relationships", "events"} <= set(data)
    assert (data["game"], data["round"], data["step"], data["player"]) == (
        "World War II Revised", 1, "russianBattle", "Russians")
    west = data["territories"]["West Russia"]
    assert west["owner"] == "Germans"
    assert {"type": "armour", "owner": "Russians", "count": 3} in west["units"]
    assert data["resources"]["Russians"] == {"PUs": 1}
    assert data["relationships"]["Germans|Russians"] == "default_war_relation"
    types = [e["type"] for e in data["events"]]
    assert types.count("move") == 2 and "battle" in types and "purchase" in types
    assert all({"round", "step", "player"} <= set(e) for e in data["events"])


def test_json_without_history(shared: Path) -> None:
    result = CliRunner().invoke(main, ["show-save", str(shared / COMBAT), "--format", "json"])
    assert result.exit_code == 0
    assert "events" not in json.loads(result.stdout)


def test_text_output(shared: Path) -> None:
    result = CliRunner().invoke(main, ["show-save", str(shared / COMBAT), "--history"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("World War II Revised: round 1, step russianBattle (Russians)")
    assert "Russians: 1 PUs" in result.stdout
    assert "move 3 infantry, 1 artillery, 1 fighter, 2 armour: Russia -> West Russia" in result.stdout
    assert "battle in West Russia: Russians vs Germans" in result.stdout


def test_bad_input_exits_2(tmp_path: Path) -> None:
    not_gzip = tmp_path / "notes.tsvg"
    not_gzip.write_text("hello")
    truncated = tmp_path / "cut.tsvg"
    truncated.write_bytes(gzip.compress(b"\xac\xed\x00\x05sr")[:-6])
    for path in (not_gzip, truncated, tmp_path / "missing.tsvg"):
        result = CliRunner().invoke(main, ["show-save", str(path)])
        assert result.exit_code == 2, (path, result.output)
        assert str(path) in result.stderr and "Traceback" not in result.output
