"""The game log format: loading with lines, conveniences, errors located, the writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.engine import events as ev
from compiler.engine.log import GameLog, apply_initial, dump_log, load_log, load_log_text, stacks, write_log
from compiler.engine.state import GameState
from compiler.problems import InputError

LOG = """\
game: Test
initial:
  round: 2
events:
  - {type: step, player: Germans, step: germanCombatMove}
  - type: move
    units: {infantry: 2}
    route: [Germany, East Europe]
  - {type: ownership, territory: East Europe, new_owner: Germans, round: 3}
  - {type: note, text: later}
"""


def test_events_carry_round_step_player_and_lines():
    log = load_log_text(LOG, "log.yaml")
    step, move, own, note = log.events
    assert (step.round, step.player, step.line) == (2, "Germans", 5)
    assert isinstance(move, ev.Move) and move.line == 6
    assert move.units[0].model_dump() == {"type": "infantry", "owner": "Germans", "count": 2}
    assert (move.step, move.player, move.round) == ("germanCombatMove", "Germans", 2)
    assert (own.round, note.round) == (3, 3)


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("events:\n  - {type: step, round: 1}\n  - {type: teleport, round: 1}\n", (3, 6),
         "unknown or missing event type"),
        ("events:\n  - {type: move, round: 1, route: [A, B]}\n", (2, 5), "units: missing field"),
        ("events:\n  - type: move\n    round: 1\n    units: []\n    route: 7\n", (5, 5), "route"),
        ("events:\n  - {type: move, round: x, units: [], route: []}\n", (2, 18), "round"),
        ("events:\n  - [1, 2]\n", (2, 5), "must be a mapping"),
        ("events: {a: 1}\n", (1, 1), "no `events` list"),
        ("game: x\nevent: []\n", (2, 1), "unknown log field"),
        ("events: [\n", (2, 1), "malformed log"),
        ("- 1\n", (1, 1), "must be a mapping"),
    ],
)
def test_bad_logs_are_located(text, where, words):
    with pytest.raises(InputError) as info:
        load_log_text(text, "bad.yaml")
    err = info.value
    assert (err.location.line, err.location.column) == where, err.message
    assert words in err.message


def test_json_logs_have_lines(tmp_path: Path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"events": [{"type": "step", "round": 1}, {"type": "bogus"}]}, indent=1))
    with pytest.raises(InputError) as info:
        load_log(path)
    assert info.value.location.line == 7  # where the second event begins


def test_malformed_json_is_located(tmp_path: Path):
    path = tmp_path / "log.json"
    path.write_text('{"events": [\n  {"type": "step",, "round": 1}]}')
    with pytest.raises(InputError) as info:
        load_log(path)
    assert (info.value.location.line, info.value.location.column) == (2, 19)
    assert "malformed log" in info.value.message


def test_yaml_without_libyaml(monkeypatch):
    """Without PyYAML's C loader the pure ruamel parser is used, with the same lines and values."""
    import sys

    monkeypatch.setitem(sys.modules, "yaml", None)
    log = load_log_text(LOG, "log.yaml")
    assert [e.line for e in log.events] == [5, 6, 9, 10]
    with pytest.raises(InputError) as info:
        load_log_text("events:\n  - {type: move, round: x, units: [], route: []}\n", "bad.yaml")
    assert (info.value.location.line, info.value.location.column) == (2, 18)


def test_unreadable_log(tmp_path: Path):
    with pytest.raises(InputError, match="cannot read log"):
        load_log(tmp_path / "missing.yaml")


def test_writer_round_trips_yaml_and_json(tmp_path: Path):
    events = [
        ev.StepStart(round=1, player="Germans", step="germanCombatMove", delegate="move"),
        ev.Move(round=1, player="Germans", step="germanCombatMove", units=stacks({"infantry": 2}, "Germans"),
                route=["Germany", "East Europe"]),
        ev.Battle(round=1, territory="East Europe", attacker="Germans", rounds=[{"attacker_fired": []}]),
        ev.Victory(round=1, winners=["Axis"]),
    ]
    log = GameLog(game="Test", initial={"round": 1}, events=events)
    for name in ("log.yaml", "log.json"):
        path = tmp_path / name
        write_log(path, log)
        back = load_log(path)
        assert [e.model_dump(exclude={"line"}) for e in back.events] == [e.model_dump(exclude={"line"}) for e in events]
        assert back.game == "Test" and back.initial == {"round": 1}
    assert dump_log(log).count("\n") < 12  # one line per event


def test_initial_overrides_merge():
    base = GameState(game="g", owners={"A": "X", "B": "Y"}, relationships={"X|Y": "War"})
    out = apply_initial(base, {"owners": {"B": "X"}, "round": 4})
    assert out.owners == {"A": "X", "B": "X"} and out.round == 4 and out.relationships == {"X|Y": "War"}


@pytest.mark.parametrize("name", ['a "b"', "x: y", "#c", "yes", "No", "12", "1e3", "Ünïcode Land", " lead", "trail ",
                                  "null", "~", "- dash", "it's", "back\\slash", "[x]", "{y}", "a, b", "@at", "`tick`"])
def test_writer_quotes_what_yaml_would_misread(tmp_path: Path, name: str):
    log = GameLog(game=name, events=[ev.Note(round=1, player=name, text=name, data={name: [name]})])
    for suffix in ("yaml", "json"):
        path = tmp_path / f"log.{suffix}"
        write_log(path, log)
        back = load_log(path)
        note = back.events[0]
        assert (back.game, note.player, note.text, note.data) == (name, name, name, {name: [name]})
