"""`import --base`: a real game of the catalogue written as its changes from another game of its map
folder compiles back to the same game (the project's `diff` finds nothing), in fewer lines."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from compiler.cli import main
from compiler.diff import diff_models
from compiler.lift import import_text
from compiler.lower import lower_spec
from compiler.spec import load_spec
from compiler.xml.parse import parse_file

PAIRS = [  # (base game, variant game): two games of one map that differ modestly (small ones: CI time)
    ("Belgium/games/Belgium_Provincial_War.xml", "Belgium/games/Belgium_Provincial_War-2A.xml"),
    ("AAZ42/games/AAZ42.xml", "AAZ42/games/AAZ42-NZ.xml"),  # a player less, another turn order
]


@pytest.mark.parametrize("base, game", PAIRS, ids=[p[0].split("/")[0] for p in PAIRS])
def test_a_game_as_changes_to_its_base_compiles_back_to_the_same_game(
        catalogue: Path, tmp_path: Path, base: str, game: str) -> None:
    base_path, game_path = catalogue / base, catalogue / game
    if not base_path.is_file() or not game_path.is_file():
        pytest.skip(f"the catalogue has no {base} and {game}")
    spec = tmp_path / "deeper" / "variant.yaml"
    spec.parent.mkdir()
    result = CliRunner().invoke(main, ["import", "--base", str(base_path), str(game_path), "-o", str(spec)])
    assert result.exit_code == 0, result.output
    text = spec.read_text(encoding="utf-8")
    named = text.splitlines()[1]
    assert named.startswith("base: ") and not named.startswith("base: /")  # relative to the spec's folder
    assert "\nremove:\n" in text
    target = parse_file(game_path).model
    assert text.count("\n") < import_text(target).count("\n") / 2  # only the changes
    lowered, _ = lower_spec(load_spec(spec))
    assert diff_models(target, lowered) == []


def test_connections_change_as_a_set(shared: Path, tmp_path: Path) -> None:
    """Iron Blitz drops one connection of Classic and lists the rest in another order: its delta removes that one
    connection and restates none (TripleA gives the order of connections no meaning), and compiles back to it."""
    games = shared / "reference" / "maps" / "world_war_ii_classic" / "map" / "games"
    spec = tmp_path / "iron_blitz.yaml"
    result = CliRunner().invoke(main, ["import", "--base", str(games / "classic.xml"), str(games / "iron_blitz.xml"),
                                       "-o", str(spec)])
    assert result.exit_code == 0, result.output
    written = yaml.safe_load(spec.read_text(encoding="utf-8"))
    assert written["remove"]["connections"] == [["East Canada Sea Zone", "West Canada"]]
    assert "connections" not in written
    lowered, _ = lower_spec(load_spec(spec))
    assert diff_models(lowered, parse_file(games / "iron_blitz.xml").model) == []
