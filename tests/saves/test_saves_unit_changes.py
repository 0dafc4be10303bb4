"""Unit changes a history event's main event leaves out: trigger placements, conversions, retreats."""

from __future__ import annotations

from typing import Any

from javaobj.v2.beans import ClassDescType, FieldType, JavaClassDesc, JavaField, JavaInstance

from compiler.engine import events as ev
from compiler.engine.state import UnitStack
from compiler.saves.groups import EventGroup
from compiler.saves.units import leftover_unit_events


def java(cls: str, **values: Any) -> JavaInstance:
    """A stand-in for a deserialized Java object of class `cls` with the given fields."""
    desc = JavaClassDesc(ClassDescType.NORMALCLASS)
    desc.name = f"games.strategy.{cls}"
    obj = JavaInstance()
    obj.classdesc = desc
    obj.field_data = {desc: {JavaField(FieldType.OBJECT, k): v for k, v in values.items()}}
    return obj


def units(type_: str, owner: str, n: int) -> list[JavaInstance]:
    player = java("GamePlayer", name=owner)
    kind = java("UnitType", name=type_)
    return [java("Unit", type=kind, owner=player) for _ in range(n)]


def add(where: str, *stacks: list[JavaInstance]) -> JavaInstance:
    return java("AddUnits", name=where, type="T", units=[u for s in stacks for u in s])


def remove(where: str, *stacks: list[JavaInstance]) -> JavaInstance:
    return java("RemoveUnits", name=where, type="T", units=[u for s in stacks for u in s])


def group(*changes: JavaInstance, text: str = "event") -> EventGroup:
    return EventGroup(1, "germanyBattle", "Germany", "battle", text, changes=list(changes))


def stack(type_: str, owner: str, n: int) -> UnitStack:
    return UnitStack(type=type_, owner=owner, count=n)


def test_a_trigger_placement_becomes_a_place() -> None:
    g = group(add("Sea Zone 14", units("submarine", "Germany", 1)),
              text="Trigger X: Germany has 1 submarine placed in Sea Zone 14")
    out = leftover_unit_events(g, [ev.Note(**g.base(), text=g.text or "")])
    assert out == [ev.Place(**g.base(), territory="Sea Zone 14", units=[stack("submarine", "Germany", 1)])]


def test_a_retreat_becomes_a_move_and_losses_are_not_counted_twice() -> None:
    cruiser, lost = units("cruiser", "Germany", 1), units("destroyer", "England", 2)
    g = group(remove("Sea Zone 20", lost), remove("Sea Zone 20", cruiser), add("Sea Zone 15", cruiser))
    battle = ev.Battle(**g.base(), territory="Sea Zone 20", attacker="Germany", defender="England",
                       defender_losses=[stack("destroyer", "England", 2)])
    out = leftover_unit_events(g, [battle])
    assert out == [ev.Move(**g.base(), units=[stack("cruiser", "Germany", 1)], route=["Sea Zone 20", "Sea Zone 15"])]


def test_units_a_move_describes_give_nothing_more() -> None:
    inf = units("infantry", "Germany", 3)
    g = group(add("Poland", inf), remove("Germany", inf))
    move = ev.Move(**g.base(), units=[stack("infantry", "Germany", 3)], route=["Germany", "Poland"])
    assert leftover_unit_events(g, [move]) == []


def test_a_conversion_places_the_new_units_and_removes_the_old_ones() -> None:
    g = group(remove("Netherlands", units("neutralinfantry", "NeutralNations", 2)),
              add("Netherlands", units("infantry", "England", 2)))
    place, removal = leftover_unit_events(g, [])
    assert place == ev.Place(**g.base(), territory="Netherlands", units=[stack("infantry", "England", 2)])
    assert isinstance(removal, ev.Remove) and removal.territory == "Netherlands"
    assert removal.units == [stack("neutralinfantry", "NeutralNations", 2)]


def test_units_added_to_a_player_are_not_placed() -> None:
    g = group(java("AddUnits", name="Germany", type="P", units=units("infantry", "Germany", 2)))
    assert leftover_unit_events(g, []) == []


def test_units_vanishing_where_a_battle_was_fought_are_its_losses() -> None:
    g = group(remove("Germany", units("bomber", "British", 1)), text="Bombing raid in Germany")
    battle = ev.Battle(**g.base(), territory="Germany", attacker="British", defender="Germans",
                       result="bombing_raid")
    assert leftover_unit_events(g, [battle]) == []
    assert battle.attacker_losses == [stack("bomber", "British", 1)] and battle.defender_losses == []
