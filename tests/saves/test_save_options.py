"""A save's game options: every property the game XML declares, as TripleA recorded it, and who could set it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_saves_reference import _revised_xml

from compiler.cli import main
from compiler.load import load_game
from compiler.model import GameModel
from compiler.saves import read_save
from compiler.saves.options import GameOption
from compiler.xml.parse import parse_file

DATA = Path(__file__).parent / "data"


def _as_triplea_keeps(value: str) -> object:
    """A property's XML value as TripleA stores it: a boolean, an integer or the text (its white space as one
    space: 2.7 trims a `<value>`'s text, the release of the Revised save keeps it)."""
    value = " ".join(value.split())
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return int(value) if re.fullmatch(r"-?\d+", value) else value


def _declared(model: GameModel) -> dict[str, tuple[object, bool]]:
    return {p.name: (_as_triplea_keeps(p.text if p.text is not None else p.value), p.editable)
            for p in model.properties}


def _recorded(options: list[GameOption] | None) -> dict[str, tuple[object, bool]]:
    assert options is not None
    return {o.name: (" ".join(o.value.split()) if isinstance(o.value, str) else o.value, o.editable) for o in options}


def _same_options(model: GameModel, options: list[GameOption] | None) -> None:
    declared, recorded = _declared(model), _recorded(options)
    assert declared, "the game declares no property: nothing compared"
    missing = sorted(set(declared) - set(recorded))
    differing = {n: (declared[n], recorded[n]) for n in declared if n in recorded and recorded[n] != declared[n]}
    assert not missing and not differing, (missing, differing)


@pytest.mark.parametrize("release", ["2.7", "2026-08"])
def test_a_save_records_every_property_of_its_game(release: str) -> None:
    game = load_game(DATA / "two_fronts_victory.yaml")
    _same_options(game.model, read_save(DATA / f"two_fronts_victory_{release}.tsvg").options)


def test_a_revised_save_keeps_the_hosts_choices_and_the_games_constants(shared: Path) -> None:
    save = read_save(shared / "reference" / "saves" / "revisted_start_of_game.tsvg")
    _same_options(parse_file(_revised_xml(shared)).model, save.options)
    by_name = {o.name: o for o in save.options or []}
    assert by_name["Low Luck"] == GameOption("Low Luck", False, True, "boolean")
    assert by_name["Russians bid"] == GameOption("Russians bid", 0, True, "number", 0, 1000)
    assert by_name["WW2V2"] == GameOption("WW2V2", True, False, "boolean")


def test_show_save_prints_the_options_in_text_and_json(shared: Path) -> None:
    save = shared / "reference" / "saves" / "revisted_start_of_game.tsvg"
    text = CliRunner().invoke(main, ["show-save", str(save)])
    assert text.exit_code == 0, text.output
    host, fixed = text.output.index("Options the host set:"), text.output.index("Options the game fixes:")
    assert host < text.output.index("  Low Luck: no") < fixed < text.output.index("  WW2V2: yes")
    assert "GameHasBeenSaved" not in text.output  # TripleA's own bookkeeping, not an option
    shown = CliRunner().invoke(main, ["show-save", "--format", "json", str(save)])
    options = json.loads(shown.output)["options"]
    assert {"name": "Low Luck", "value": False, "editable": True, "kind": "boolean", "minimum": None,
            "maximum": None} in options
