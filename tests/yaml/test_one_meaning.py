"""One meaning everywhere: the same YAML text gives the same values read as a spec, a game log, the
configuration, the board game and the reader itself (YAML 1.2 core schema); only map.yml is read with the
JSON schema, as TripleA's snakeyaml-engine reads it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from compiler.config import ConfigError, load_config
from compiler.engine import events as ev
from compiler.engine.log import load_log_text
from compiler.mapfolder.map_yml import read_map_yml
from compiler.spec import load_spec_text
from compiler.yamlread import read_yaml

ROOT = Path(__file__).resolve().parents[2]
BOARD_GAME_SPEC = ROOT / "specs" / "allies_vs_axis.yaml"

# Spellings whose meaning YAML 1.1 and 1.2 (or the old readers) disagreed on, and their YAML 1.2 value.
SPELLINGS: list[tuple[str, Any]] = [
    ("yes", "yes"), ("No", "No"), ("on", "on"), ("0o17", 15), ("0x1F", 31), ("017", 17), ("1_000", "1_000"),
    ("True", True), ("FALSE", False), ("1e3", 1000.0), (".5", 0.5), ("2001-12-14", "2001-12-14"),
    ("12:30", "12:30"), ("0b101", "0b101"), ("-.inf", -math.inf), ("plain", "plain"),
]
IDS = [s for s, _ in SPELLINGS]


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _as_reader(text: str) -> Any:
    return read_yaml(f"value: {text}\n")[0]["value"]


def _as_spec(text: str) -> Any:
    spec = load_spec_text(f"game: {{name: g}}\nplayers: {{A: }}\nterritories: {{T: }}\nproperties: {{p: {text}}}\n")
    return spec.properties["p"]


def _as_log(text: str) -> Any:
    log = load_log_text(f"events:\n  - {{type: note, round: 1, text: t, data: {{p: {text}}}}}\n", "log.yaml")
    event = log.events[0]
    assert isinstance(event, ev.Note)
    return event.data["p"]


def _as_board_game(text: str) -> Any:
    spec_text = BOARD_GAME_SPEC.read_text(encoding="utf-8")
    assert "\nproperties:\n" in spec_text
    spec = load_spec_text(spec_text.replace("\nproperties:\n", f"\nproperties:\n  p: {text}\n", 1))
    assert spec.board_game is not None
    return spec.properties["p"]


@pytest.mark.parametrize(("text", "value"), SPELLINGS, ids=IDS)
def test_reader_spec_log_and_board_game_agree(text: str, value: Any) -> None:
    for read in (_as_reader, _as_spec, _as_log, _as_board_game):
        assert _same(read(text), value), (read.__name__, text)


@pytest.mark.parametrize(("text", "value"), SPELLINGS, ids=IDS)
def test_the_configuration_reads_the_same(tmp_path: Path, text: str, value: Any) -> None:
    """`strict:` takes a boolean only: accepted exactly when the text means one; `select:` takes text only."""
    path = tmp_path / ".triplea-compiler.yaml"
    path.write_text(f"strict: {text}\n")
    if isinstance(value, bool):
        assert load_config(path).strict is value
    else:
        with pytest.raises(ConfigError) as caught:
            load_config(path)
        assert caught.value.problems[0].location.line == 1
    path.write_text(f"ignore: [{text}]\n")
    if isinstance(value, str):
        with pytest.raises(ConfigError, match="unknown"):  # read as text: then refused as no known id
            load_config(path)
    else:
        with pytest.raises(ConfigError, match="string"):
            load_config(path)


def test_board_game_fields_are_typed_by_the_same_reader() -> None:
    spec_text = BOARD_GAME_SPEC.read_text(encoding="utf-8")
    changed = (spec_text.replace("  title: Allies vs. Axis\n", "  title: yes\n", 1)
               .replace("spinner_faces: 6", "spinner_faces: 0o6", 1))
    game = load_spec_text(changed).board_game
    assert game is not None and game.title == "yes" and game.rules.spinner_faces == 6


def test_log_keys_are_text_and_yes_is_text() -> None:
    log = load_log_text("initial: {round: 0o2}\nevents:\n  - {type: note, round: 1, text: yes, data: {1: on}}\n",
                        "log.yaml")
    event = log.events[0]
    assert isinstance(event, ev.Note)
    assert log.initial == {"round": 2} and event.text == "yes" and event.data == {"1": "on"}


@pytest.mark.parametrize(("text", "problem"), [
    ("True", None), ("yes", None), ("0x1F", None), ("~", None), ("1941", "1941, a number in YAML"),
    ("true", "true, a boolean in YAML"), ("null", "is blank"), ("", "is blank"), ("1.5e3", "1500.0, a number"),
])
def test_map_yml_uses_the_json_schema(text: str, problem: str | None) -> None:
    """snakeyaml-engine's JSON schema: `True`, `yes`, `0x1F` and `~` are text in map.yml (core: not all)."""
    description, problems = read_map_yml("map.yml", f"map_name: {text}\ngames:\n- {{game_name: g, file_name: g.xml}}\n")
    if problem is None:
        assert problems == [] and description is not None and description.map_name == text
    else:
        assert len(problems) == 1 and problem in problems[0].message
        assert (problems[0].location.line, problems[0].location.column) == (1, 11 if text else 1)
