"""Technological advances a save's history gives players reach the Board (compiler/saves/advances.py).

revised_during_land_to_land_combat.tsvg (../shared): a human's TripleA 2.0 game of World War II Revised whose
Russians rolled for Long Range Aircraft, discovered it and activated it in their TechActivation step (a
ChangeAttachmentChange of their techAttachment's longRangeAir to "true"). Other changes (an edit's removal, a
game's own advance) are the save's own change object with its fields changed, or objects built as javaobj
reads them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from javaobj.v2.beans import ClassDescType, JavaClassDesc, JavaInstance

from compiler.cli import main
from compiler.engine.board import Board
from compiler.engine.events import AdvanceGained
from compiler.saves import SaveGame, read_save
from compiler.saves.advances import advance_events, advance_names
from compiler.saves.container import MAX_INFLATED, inflate, read_bytes
from compiler.saves.groups import EventGroup
from compiler.saves.history import history_entries
from compiler.saves.java import class_name, fields, short_class
from compiler.saves.reader import parse_objects

TECH = "reference/saves/revised_during_land_to_land_combat.tsvg"
NO_FIGHTER_ATTACKS = {"id": "air-range", "ranges": {"fighter": {"combat": 0}}}
"""an air-range with which fighters may not attack: the Russians' fighter moving 1 space to attack breaks it"""


@cache
def _save(path: Path) -> SaveGame:
    return read_save(path, world=True)


def _game_data(path: Path) -> Any:
    return parse_objects(inflate(read_bytes(path), str(path), MAX_INFLATED), str(path))[1]


def _activation(path: Path) -> tuple[EventGroup, Any]:
    """The Russians' tech activation event group and its techAttachment change."""
    for entry in history_entries(_game_data(path)):
        if isinstance(entry, EventGroup):
            for change in entry.changes:
                if short_class(change) == "ChangeAttachmentChange":
                    return entry, change
    raise AssertionError("no ChangeAttachmentChange in the save")


def _java(class_name: str, **values: Any) -> JavaInstance:
    """A deserialized Java object of `class_name` with these fields."""
    desc = JavaClassDesc(ClassDescType.NORMALCLASS)
    desc.name = class_name
    obj = JavaInstance()
    obj.classdesc = desc
    obj.__dict__["_field_table"] = values
    return obj


def _with_fields(obj: Any, **changed: Any) -> JavaInstance:
    """A copy of a deserialized Java object with some fields changed."""
    return _java(class_name(obj) or "", **{**fields(obj), **changed})


def test_the_russians_hold_long_range_aircraft_from_their_activation_on(shared: Path) -> None:
    save = _save(shared / TECH)
    assert save.world is not None
    gained = [(i, e) for i, e in enumerate(save.events) if isinstance(e, AdvanceGained)]
    [(at, event)] = gained
    assert (event.round, event.step, event.player, event.advance, event.property, event.gained) == (
        1, "russianTechActivation", "Russians", "Long Range Aircraft", "longRangeAir", True)
    board = Board(save.world)
    held: list[tuple[str | None, bool]] = []
    for e in save.events:
        board.push(e)
        held.append((board.step, "Long Range Aircraft" in board.advances("Russians")))
    assert not any(has for _, has in held[:at]) and all(has for _, has in held[at:])
    assert {step for step, has in held if has} >= {"russianTechActivation", "russianCombatMove"}
    assert not any(board.advances(p) for p in ("Germans", "British", "Japanese", "Americans"))
    while board.events[at:]:
        board.pop()
    assert board.advances("Russians") == set()


def test_the_change_not_the_wording_makes_the_advance(shared: Path) -> None:
    group, change = _activation(shared / TECH)
    names = advance_names(_game_data(shared / TECH))
    assert names["longRangeAir"] == "Long Range Aircraft" and names["superSub"] == "Super subs"
    reworded = EventGroup(group.round, group.step, group.player, group.delegate, "something else", None,
                          changes=[change])
    assert [e.advance for e in advance_events(reworded, names)] == ["Long Range Aircraft"]
    silent = EventGroup(group.round, group.step, group.player, group.delegate, group.text, None, changes=[])
    assert advance_events(silent, names) == []
    cost = _with_fields(change, property="techCost", newValue="5")
    other = _with_fields(change, attachmentName="playerAttachment")
    assert advance_events(EventGroup(1, "x", "Russians", None, "t", None, changes=[cost, other]), names) == []


def test_an_edit_takes_an_advance_back(shared: Path) -> None:
    group, change = _activation(shared / TECH)
    names = advance_names(_game_data(shared / TECH))
    removed = _with_fields(change, newValue="false", oldValue="true")
    edit = EventGroup(2, "germanPurchase", "Germans", None, "EDIT: Removing Technology", None,
                      changes=[removed])
    [lost] = advance_events(edit, names)
    assert (lost.player, lost.advance, lost.gained) == ("Russians", "Long Range Aircraft", False)
    save = _save(shared / TECH)
    assert save.world is not None
    board = Board(save.world)
    for e in [*save.events, lost]:
        board.push(e)
    assert "Long Range Aircraft" not in board.advances("Russians")
    board.pop()
    assert "Long Range Aircraft" in board.advances("Russians")


def test_a_games_own_advances_keep_its_names(shared: Path) -> None:
    """A techname proxying a built-in advance (GenericTechAdvance with `advance`) is found by the built-in's
    property under its own name; one proxying none by its own name (a GenericTechChange)."""
    builtin = _java("games.strategy.triplea.delegate.LongRangeAircraftAdvance", name="Long Range Aircraft")
    frontier = _java("games.strategy.engine.data.TechnologyFrontier", techs=[
        _java("games.strategy.triplea.delegate.GenericTechAdvance", name="Far Flight", advance=builtin),
        _java("games.strategy.triplea.delegate.GenericTechAdvance", name="Radar Nets", advance=None),
    ])
    names = advance_names(_java("games.strategy.engine.data.GameData", technologyFrontier=frontier))
    assert names["longRangeAir"] == "Far Flight" and names["Radar Nets"] == "Radar Nets"
    group, change = _activation(shared / TECH)
    generic = _java("games.strategy.engine.data.changefactory.GenericTechChange", attachedTo=fields(change)[
        "attachedTo"], attachmentName="techAttachment", newValue=True, oldValue=False, property="Radar Nets")
    found = advance_events(EventGroup(1, "x", "Russians", None, "t", None, changes=[change, generic]), names)
    assert [(e.advance, e.property) for e in found] == [("Far Flight", "longRangeAir"),
                                                        ("Radar Nets", "Radar Nets")]


def _check_save(path: Path, *rules: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
    args = ["check-save", str(path), "--format", "json"]
    for rule in rules:
        params = {k: v for k, v in rule.items() if k != "id"}
        args += ["--rule", f"{rule['id']}:{json.dumps(params)}"]
    done = CliRunner().invoke(main, args)
    assert done.exit_code in (0, 1), done.output
    return done.exit_code, json.loads(done.output)


def _problems(report: Any) -> list[dict[str, Any]]:
    return report if isinstance(report, list) else report.get("problems", [])


def test_check_save_judges_the_russian_fighter_with_its_advance(shared: Path) -> None:
    """air-range: with the advance the Russians activated, their fighter may attack 1 space away; the same rule
    naming the advance otherwise judges them without it, and says that no rule names what they gained."""
    reach = {"Long Range Aircraft": {"fighter": {"combat": 1}}}
    status, report = _check_save(shared / TECH, {**NO_FIGHTER_ATTACKS, "advances": reach})
    assert status == 0 and _problems(report) == []
    status, report = _check_save(shared / TECH, NO_FIGHTER_ATTACKS)
    assert status == 1 and [p["code"] for p in _problems(report)] == ["air-range"]
    other = {"Far Flight": reach["Long Range Aircraft"]}
    status, report = _check_save(shared / TECH, {**NO_FIGHTER_ATTACKS, "advances": other})
    found = _problems(report)
    assert status == 1 and [p["code"] for p in found] == ["advance-unnamed", "air-range"]
    assert found[0]["severity"] == "warning"
    assert "Russians gain Long Range Aircraft" in found[0]["message"] and "Far Flight" in found[0]["message"]


def test_show_save_tells_the_advance(shared: Path) -> None:
    done = CliRunner().invoke(main, ["show-save", str(shared / TECH), "--history"])
    assert done.exit_code == 0 and "[round 1 Russians] Russians gain Long Range Aircraft" in done.output


