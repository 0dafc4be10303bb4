"""A save's history (GameData.gameHistory) turned into the shared events of compiler/engine/events.py.

The history is a flat list of writers: round, step, event, event child and change entries, in the
order the engine wrote them. We group them into events (an event with its children and changes),
then read each group by its rendering data (MoveDescription, PlacementDescription, a territory for
battles, a unit list for purchases, DiceRoll for rolls) and its changes (OwnerChange,
ChangeResourceChange, RelationshipChange, AddUnits/RemoveUnits, PlayerOwnerChange: a Capture,
ProductionFrontierChange: a note naming the player's new frontier). Unit
changes the main event leaves out (trigger placements, conversions, retreats) are added by
compiler/saves/units.py.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from compiler.engine.events import (
    Battle,
    Capture,
    Event,
    Move,
    Note,
    OwnershipChange,
    Place,
    PoliticalAction,
    Purchase,
    ResourceChange,
    StepStart,
    Victory,
)
from compiler.engine.state import UnitStack
from compiler.saves.advances import advance_events, advance_names
from compiler.saves.battles import decode_dice, read_battle
from compiler.saves.groups import EventGroup, UnitOwners, cost_of, flatten, resource_fields, units_in
from compiler.saves.java import get, is_a, items, mapping, name_of, number, short_class, text
from compiler.saves.units import leftover_unit_events

_VICTORY = re.compile(r"^(?P<who>.+?) achieves? (?:a |an |the )?.*victory", re.IGNORECASE)
"""EndRoundDelegate's texts: 'League achieve TOTAL VICTORY with 2 Victory Cities!', 'Axis achieve a military
victory', 'Allies achieve economic victory' (the winner is an alliance)"""
TRIGGERED_VICTORY = re.compile(r"^Players: (?P<who>.+?) have just won the game, with this victory: ")
"""TriggerAttachment's text: 'Players: Germans, Italians and Japanese have just won the game, with this victory: ...'"""


_PLAIN_OWNERSHIP = " takes ownership of territory "
"""TriggerAttachment's text for a changeOwnership that is not a capture (the units there stay as they are)"""


def named_list(listed: str) -> list[str]:
    """TripleA's 'A, B and C' (MyFormatter.defaultNamedToTextList) as names."""
    head, _, last = listed.rpartition(" and ")
    names = [*head.split(", "), last] if head else [last]
    return [n.strip() for n in names if n.strip()]


def _victory(group: EventGroup) -> Victory | None:
    text_ = group.text or ""
    if found := TRIGGERED_VICTORY.match(text_):
        return Victory(**group.base(), winners=named_list(found["who"]), text=text_)
    if found := _VICTORY.match(text_):
        return Victory(**group.base(), winners=[found["who"]], text=text_)
    return None


def _route(move: Any) -> list[str]:
    route = get(move, "route")
    start = name_of(get(route, "start"))
    steps = [name_of(t) for t in items(get(route, "steps"))]
    return [n for n in [start, *steps] if n is not None]


def _added_to_player(group: EventGroup) -> list[Any]:
    units: list[Any] = []
    for change in group.changes:
        if short_class(change) == "AddUnits" and text(get(change, "type")) == "P":
            units.extend(units_in(get(change, "units")))
    return units


def _relationship_fields(change: Any) -> tuple[list[str], str | None]:
    players = [text(get(change, "player1Name", "player1")), text(get(change, "player2Name", "player2"))]
    new = text(get(change, "newRelationshipTypeName", "NewRelation", "newRelation"))
    return [p for p in players if p], new


def _political(group: EventGroup) -> list[Event]:
    relationship_changes = [c for c in group.changes if short_class(c) == "RelationshipChange"]
    words = " ".join([group.text or "", *(t for t, _ in group.children)]).lower()
    success = "fail" not in words
    out: list[Event] = []
    for change in relationship_changes:
        players, new = _relationship_fields(change)
        out.append(PoliticalAction(**group.base(), action=group.text or "", players=players,
                                   new_relationship=new, success=True, cost=cost_of(group)))
    if not out:
        out.append(PoliticalAction(**group.base(), action=group.text or "", success=success,
                                   cost=cost_of(group)))
    return out


def _is_purchase(group: EventGroup) -> bool:
    delegate = (group.delegate or "").lower()
    if "purchase" in delegate or delegate == "bid":
        return bool(_added_to_player(group)) or " buy " in f" {group.text or ''} "
    return " buy " in f" {group.text or ''} " and bool(_added_to_player(group))


def _main_events(group: EventGroup) -> tuple[list[Event], bool]:
    """The events an event group stands for, and whether its resource changes are accounted for."""
    rendering = group.rendering
    base = group.base()
    if is_a(rendering, "MoveDescription"):
        return [Move(**base, units=group.stacks(units_in(get(rendering, "units"))), route=_route(rendering))], False
    if is_a(rendering, "PlacementDescription"):
        territory = name_of(get(rendering, "territory")) or ""
        return [Place(**base, territory=territory, units=group.stacks(units_in(get(rendering, "units"))))], False
    if is_a(rendering, "Territory") and (
        "battle" in (group.text or "").lower() or "raid" in (group.text or "").lower()
        or (group.delegate or "").lower() == "battle"
    ):
        return [read_battle(group, name_of(rendering) or "")], False
    if _is_purchase(group):
        bought = units_in(rendering) or _added_to_player(group)
        return [Purchase(**base, units=group.stacks(bought), cost=cost_of(group))], True
    if "politic" in (group.delegate or "").lower() or any(
        short_class(c) == "RelationshipChange" for c in group.changes
    ):
        return _political(group), True
    if group.text is None:
        return [], False
    if victory := _victory(group):
        return [victory], False
    data: dict[str, Any] = {}
    if is_a(rendering, "DiceRoll"):
        data.update(decode_dice(rendering))
    if group.children:
        data["children"] = [t for t, _ in group.children]
    return [Note(**base, text=group.text, data=data)], False


def _owner(name: str | None, players: set[str] | None) -> str | None:
    """A territory owner's name; None for the null player (Neutral), as in GameState.owners."""
    if name is None or (players is not None and name not in players):
        return None
    return name


def _change_events(group: EventGroup, resources_done: bool, players: set[str] | None,
                   unit_types: dict[int, str]) -> list[Event]:
    out: list[Event] = []
    base = group.base()
    for change in group.changes:
        kind = short_class(change)
        if kind == "OwnerChange":
            out.append(OwnershipChange(
                **base,
                territory=text(get(change, "territoryName", "territory")) or "",
                old_owner=_owner(text(get(change, "oldOwnerName", "old")), players),
                new_owner=_owner(text(get(change, "newOwnerName", "new")), players),
                captured=False if _PLAIN_OWNERSHIP in (group.text or "") else None,
            ))
        elif kind == "ChangeResourceChange" and not resources_done:
            player, resource, amount = resource_fields(change)
            if amount and resource:
                out.append(ResourceChange(**{**base, "player": player or group.player},
                                          resource=resource, amount=amount, reason=group.text))
        elif kind == "PlayerOwnerChange":
            new = mapping(get(change, "newOwnerNamesByUnitId", "new"))
            owners = Counter(text(v) for v in new.values())
            where = text(get(change, "territoryName", "location"))
            for owner, count in owners.items():
                if where and owner:
                    units = _captured_units(change, owner, unit_types)
                    out.append(Capture(**base, territory=where, new_owner=owner, count=count, units=units))
                else:  # not seen in a save: kept as a note so that events keep their numbers
                    out.append(Note(**base, text=f"{count} unit(s) in {where} change owner to {owner}"))
        elif kind == "ProductionFrontierChange":
            out.append(_frontier_change(change, base))
    return out


def _frontier_change(change: Any, base: dict[str, Any]) -> Note:
    """A player's production frontier changed (a trigger's `frontier`, Industrial Technology, Shipyards, an edit):
    a note whose data names the `player` and the `frontier` it buys from now (read by tech-advances)."""
    player = text(get(change, "playerName")) or base.get("player") or ""
    frontier = text(get(change, "endFrontierName")) or ""
    was = text(get(change, "startFrontierName"))
    return Note(**base, text=f"{player} buy from production frontier {frontier} (was {was})",
                data={"player": player, "frontier": frontier, "previous": was})


def _captured_units(change: Any, new_owner: str, unit_types: dict[int, str]) -> list[UnitStack]:
    """The units a PlayerOwnerChange gives `new_owner`, by type and former owner; empty when a unit's type
    is not known (the save's list of units lacks it), so that the capture falls back on its count."""
    old = {id(key): text(owner) for key, owner in mapping(get(change, "oldOwnerNamesByUnitId", "old")).items()}
    found: Counter[tuple[str, str]] = Counter()
    for key, owner in mapping(get(change, "newOwnerNamesByUnitId", "new")).items():
        if text(owner) != new_owner:
            continue
        unit_type, former = unit_types.get(id(key)), old.get(id(key))
        if unit_type is None or former is None:
            return []
        found[(unit_type, former)] += 1
    return [UnitStack(type=t, owner=o, count=n) for (t, o), n in found.items()]


def unit_types_by_id(game_data: Any) -> dict[int, str]:
    """Every unit the game has made (GameData.unitsList), by the identity of its id: its type name."""
    units = mapping(get(get(game_data, "unitsList"), "allUnits", "units"))
    return {id(key): name for key, unit in units.items() if (name := name_of(get(unit, "type")))}


EDIT_PREFIX = "EDIT: "
"""What TripleA's DelegateHistoryWriter puts before every event written in edit mode (each EditDelegate action)"""


def _convert(group: EventGroup, players: set[str] | None, unit_types: dict[int, str],
             advances: dict[str, str]) -> list[Event]:
    main, resources_done = _main_events(group)
    events = main + leftover_unit_events(group, main) + _change_events(group, resources_done, players, unit_types)
    events += advance_events(group, advances)
    if (group.text or "").startswith(EDIT_PREFIX):
        for event in events:
            event.edit = True
    return events


def _fill_defenders(events: list[Event], final_owners: dict[str, str | None]) -> None:
    """Name the defender of battles whose history does not (a bombing raid that cost nothing):
    the territory's owner at that moment, found by undoing later ownership changes from the end."""
    owners = dict(final_owners)
    for event in reversed(events):
        if isinstance(event, OwnershipChange):
            owners[event.territory] = event.old_owner
        elif isinstance(event, Battle) and event.defender is None:
            owner = owners.get(event.territory)
            if owner != event.attacker:
                event.defender = owner


def history_entries(game_data: Any) -> list[StepStart | EventGroup]:
    """The save's history (GameData.gameHistory's writers) as step starts and event groups, in history order."""
    writers = items(get(get(game_data, "gameHistory", "history"), "writers"))
    out: list[StepStart | EventGroup] = []
    round_no = 0
    step = player = delegate = None
    group: EventGroup | None = None
    for writer in writers:
        kind = short_class(writer)
        if kind in ("RoundHistorySerializer", "StepHistorySerializer", "EventHistorySerializer"):
            group = None
        if kind == "RoundHistorySerializer":
            round_no = number(get(writer, "roundNo"))
        elif kind == "StepHistorySerializer":
            step = text(get(writer, "stepName"))
            delegate = text(get(writer, "delegateName"))
            player = name_of(get(writer, "gamePlayer", "playerID", "playerId", "player"))
            out.append(StepStart(round=round_no, step=step, player=player, delegate=delegate))
        elif kind == "EventHistorySerializer":
            group = EventGroup(round_no, step, player, delegate, text(get(writer, "eventName")),
                               get(writer, "renderingData"))
            out.append(group)
        elif kind in ("EventChildWriter", "ChangeSerializationWriter"):
            if group is None:  # changes written straight under a step
                group = EventGroup(round_no, step, player, delegate)
                out.append(group)
            if kind == "EventChildWriter":
                group.children.append((text(get(writer, "text")) or "", get(writer, "renderingData")))
                group.child_changes.append([])
            else:
                leaves = flatten(get(writer, "change", "aChange"))
                group.changes.extend(leaves)
                if group.child_changes:
                    group.child_changes[-1].extend(leaves)
    return out


def read_history(game_data: Any, players: set[str] | None = None,
                 final_owners: dict[str, str | None] | None = None,
                 entries: list[StepStart | EventGroup] | None = None) -> list[Event]:
    """Every event of the save's history, in order, each with its round, step and player.

    `players` are the declared players; territory owners outside them (the null player) become None.
    `final_owners` (the save's current owners) lets battles without a named defender get one.
    `entries`: the history_entries of `game_data`, when the caller has them already.
    """
    if entries is None:
        entries = history_entries(game_data)
    owners = UnitOwners([e for e in entries if isinstance(e, EventGroup)])
    unit_types = unit_types_by_id(game_data)
    advances = advance_names(game_data)
    events: list[Event] = []
    for entry in entries:
        if isinstance(entry, StepStart):
            events.append(entry)
            continue
        entry.owner_of = owners.owner_of
        events.extend(_convert(entry, players, unit_types, advances))
        owners.advance(entry)
    if final_owners is not None:
        _fill_defenders(events, final_owners)
    return events
