"""Unit changes of a history event that its main event does not describe.

An event group's AddUnits/RemoveUnits changes (those on a territory) say exactly which units appear
and disappear where. Moves, placements and battle losses already carry most of them; what is left
over comes from triggers ("Germany has 1 submarine placed in Sea Zone 14"), conversions on capture
("England converts neutralinfantry into different units") and battle retreats. The leftover becomes
Move events (units leaving one territory and appearing in another within the event), Place events
(units appearing); units that vanish where the event's battle was fought (a bomber shot down by
AA) become that battle's losses, and other units that only vanish a Remove event.
"""

from __future__ import annotations

from collections import Counter

from compiler.engine.events import Battle, Event, Move, Place, Remove
from compiler.engine.state import UnitStack
from compiler.saves.groups import EventGroup, units_in
from compiler.saves.java import get, short_class, text

Key = tuple[str, str, str]  # (territory, unit type, owner)


def _changed(group: EventGroup) -> Counter[Key]:
    """Net units added (+) and removed (-) on territories by the group's changes."""
    net: Counter[Key] = Counter()
    for change in group.changes:
        kind = short_class(change)
        if kind not in ("AddUnits", "RemoveUnits") or text(get(change, "type")) not in (None, "T"):
            continue
        where = text(get(change, "name"))
        if not where:
            continue
        sign = 1 if kind == "AddUnits" else -1
        for stack in group.stacks(units_in(get(change, "units"))):
            net[(where, stack.type, stack.owner)] += sign * stack.count
    return net


def _described(events: list[Event]) -> Counter[Key]:
    """Net units the main events add (+) and remove (-) when the engine replays them."""
    net: Counter[Key] = Counter()

    def put(where: str, stacks: list[UnitStack], sign: int) -> None:
        for s in stacks:
            net[(where, s.type, s.owner)] += sign * s.count

    for event in events:
        if isinstance(event, Move) and len(event.route) >= 2:
            put(event.route[0], event.units, -1)
            put(event.route[-1], event.units, 1)
        elif isinstance(event, Place):
            put(event.territory, event.units, 1)
        elif isinstance(event, Battle):
            put(event.territory, event.attacker_losses, -1)
            put(event.territory, event.defender_losses, -1)
    return net


def _stacks(pairs: Counter[tuple[str, str]]) -> list[UnitStack]:
    return [UnitStack(type=t, owner=o, count=n) for (t, o), n in sorted(pairs.items()) if n > 0]


def _add_losses(battle: Battle, removed: list[UnitStack]) -> None:
    """Count units that vanished where the battle was fought (e.g. a bomber shot down by AA) as its losses."""
    attacker = battle.attacker or battle.player
    for s in removed:
        side = battle.attacker_losses if s.owner == attacker else battle.defender_losses
        same = next((x for x in side if (x.type, x.owner) == (s.type, s.owner)), None)
        if same is None:
            side.append(s)
        else:
            same.count += s.count


def leftover_unit_events(group: EventGroup, main: list[Event]) -> list[Event]:
    """Moves, placements and removal notes for the group's unit changes that `main` leaves out."""
    rest = _changed(group)
    rest.subtract(_described(main))
    gained: dict[str, Counter[tuple[str, str]]] = {}
    lost: dict[str, Counter[tuple[str, str]]] = {}
    for (where, typ, owner), n in sorted(rest.items()):
        if n:
            side = gained if n > 0 else lost
            side.setdefault(where, Counter())[(typ, owner)] += abs(n)
    base = group.base()
    out: list[Event] = []
    for source, leaving in lost.items():  # a unit gone from one place and come to another moved
        for target, arriving in gained.items():
            moved = leaving & arriving
            if target == source or not moved:
                continue
            leaving.subtract(moved)
            arriving.subtract(moved)
            out.append(Move(**base, units=_stacks(moved), route=[source, target]))
    for target, arriving in gained.items():
        if placed := _stacks(arriving):
            out.append(Place(**base, territory=target, units=placed))
    battles = {e.territory: e for e in main if isinstance(e, Battle)}
    for source, leaving in lost.items():
        if (removed := _stacks(leaving)) and source in battles:  # a casualty the battle text left out
            _add_losses(battles[source], removed)
        elif removed:
            out.append(Remove(**base, territory=source, units=removed, reason="removed by the game"))
    return out
