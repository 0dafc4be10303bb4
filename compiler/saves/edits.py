"""Edit-mode use in a save's history: who turned edit mode on and off, and every edit made under it.

TripleA's EditDelegate logs each edit as a history event (or as a child of the last event when that one has
children) under the current step, whose player is the only one allowed to edit: "Adding units owned by X to T:
...", "Removing units owned by X from T: ...", "Changing ownership of T from A to B", "Changing PUs for X from 10
to 20", "Adding Technology A for X", "Changing unit hit damage for these X owned units to: ...", "Editing
Political Relationship for A and B from R to S"; "Turning on Edit Mode"/"Turning off Edit Mode" with the change
of the game property "EditMode". Since 2.x, every event logged while edit mode is on starts with "EDIT: "
(DelegateHistoryWriter), so anything done then is counted too (kind "other" when it is none of the above).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, Field

from compiler.engine.events import StepStart
from compiler.engine.state import UnitStack
from compiler.saves.groups import EventGroup, resource_fields, units_in
from compiler.saves.java import get, short_class, text
from compiler.saves.state import stacks

EDIT_PREFIX = "EDIT: "
EDIT_MODE_PROPERTY = "EditMode"

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [(kind, re.compile(pattern)) for kind, pattern in [
    ("edit-mode-on", r"^Turning on Edit Mode$"),
    ("edit-mode-off", r"^Turning off Edit Mode$"),
    ("add-units", r"^Adding units owned by (?P<subject>.+?) to (?P<territory>.+?): (?P<what>.*)$"),
    ("remove-units", r"^Removing units owned by (?P<subject>.+?) from (?P<territory>.+?): (?P<what>.*)$"),
    ("change-owner", r"^Changing ownership of (?P<territory>.+?) from (?P<old>.+?) to (?P<new>.+)$"),
    ("change-resources", r"^Changing (?P<resource>.+?) for (?P<subject>.+?) from (?P<old>-?\d+) to (?P<new>-?\d+)$"),
    ("change-tech", r"^Adding Technology (?P<new>.+?) for (?P<subject>.+)$"),
    ("change-tech", r"^Removing Technology (?P<old>.+?) for (?P<subject>.+)$"),
    ("change-damage", r"^Changing unit hit damage for these (?P<subject>.+?) owned units to: (?P<new>.*)$"),
    ("change-bombing-damage",
     r"^Changing unit bombing damage for these (?P<subject>.+?) owned units to: (?P<new>.*)$"),
    ("change-relationship",
     r"^Editing Political Relationship for (?P<subject>.+?) and (?P<other>.+?) from (?P<old>.+?) to (?P<new>.+)$"),
]]


class Edit(BaseModel):
    """One use of edit mode: `player` is the player of the step it was made in (the only one who may edit),
    `players` those it concerns (the units' owner, the resources' or technology's holder, a relationship's two),
    `old`/`new` what changed (owners, resource totals, relationship types, an advance removed or added, the
    damage given), `units` the units added, removed or damaged, `resources` the resource changes (name -> +/-)."""

    round: int
    step: str | None
    player: str | None
    kind: str
    """add-units, remove-units, change-owner, change-resources, change-tech, change-damage, change-bombing-damage,
    change-relationship, edit-mode-on, edit-mode-off or other (anything else logged in edit mode)"""
    text: str
    players: list[str] = Field(default_factory=list)
    territory: str | None = None
    units: list[UnitStack] = Field(default_factory=list)
    resources: dict[str, int] = Field(default_factory=dict)
    old: str | None = None
    new: str | None = None


def _classified(said: str) -> tuple[str, re.Match[str] | None] | None:
    """The kind of an edit-mode text and its parts; None for a text that is not one (no prefix, no known text)."""
    plain = said.removeprefix(EDIT_PREFIX)
    for kind, pattern in _PATTERNS:
        if found := pattern.match(plain):
            return kind, found
    return ("other", None) if said.startswith(EDIT_PREFIX) else None


def _units(changes: list[Any], kind: str, owner: str) -> tuple[list[UnitStack], str | None]:
    """The units an AddUnits/RemoveUnits change of the edit adds or removes (EditDelegate edits one owner's units
    at a time: the owner it names), and the territory the change names."""
    wanted = "AddUnits" if kind == "add-units" else "RemoveUnits"
    units: list[Any] = []
    where = None
    for change in changes:
        if short_class(change) == wanted and text(get(change, "type")) in (None, "T"):  # on a territory
            units.extend(units_in(get(change, "units")))
            where = where or text(get(change, "name"))
    return stacks(units, lambda _: owner), where


def _edit(group: EventGroup, said: str, rendering: Any, changes: list[Any]) -> Edit | None:
    classified = _classified(said)
    if classified is None:
        return None
    kind, found = classified
    edit = Edit(round=group.round, step=group.step, player=group.player, kind=kind, text=said)
    parts = found.groupdict() if found else {}
    edit.territory, edit.old, edit.new = parts.get("territory"), parts.get("old"), parts.get("new")
    edit.players = [p for p in (parts.get("subject"), parts.get("other")) if p]
    if kind in ("add-units", "remove-units"):
        units, where = _units(changes, kind, parts["subject"])
        edit.units, edit.territory = units, where or edit.territory
    elif kind in ("change-damage", "change-bombing-damage"):
        edit.units = stacks(units_in(rendering), lambda _: parts["subject"])
    elif kind == "change-owner":
        owner_changes = [c for c in changes if short_class(c) == "OwnerChange"]
        if owner_changes:  # names with " from " or " to " in them: the change says which is which
            change = owner_changes[-1]
            edit.territory = text(get(change, "territoryName", "territory")) or edit.territory
            edit.old = text(get(change, "oldOwnerName", "old")) or edit.old
            edit.new = text(get(change, "newOwnerName", "new")) or edit.new
            edit.players = [p for p in (edit.new,) if p]
    for change in changes:
        if short_class(change) == "ChangeResourceChange":
            holder, resource, amount = resource_fields(change)
            if resource and amount:
                edit.resources[resource] = edit.resources.get(resource, 0) + amount
                if holder and holder not in edit.players:
                    edit.players.append(holder)
        elif short_class(change) == "SetPropertyChange" and text(get(change, "property")) == EDIT_MODE_PROPERTY:
            value = get(change, "value")
            boxed = get(value, "value")  # a java.lang.Boolean, or the bare value
            edit.new = str(value if boxed is None else boxed).lower()
    return edit


def _texts(group: EventGroup) -> Iterator[tuple[str, Any, list[Any]]]:
    """The group's event text and each child's, with its rendering data and the changes written under it."""
    if group.text is not None:
        yield group.text, group.rendering, group.own_changes()
    for (said, rendering), changes in zip(group.children, group.child_changes, strict=True):
        yield said, rendering, changes


def read_edits(entries: list[StepStart | EventGroup]) -> list[Edit]:
    """Every edit-mode event of the history (history_entries), in order."""
    out: list[Edit] = []
    for entry in entries:
        if isinstance(entry, EventGroup):
            out.extend(e for said, rendering, changes in _texts(entry)
                       if (e := _edit(entry, said, rendering, changes)) is not None)
    return out


def _line(edit: Edit) -> str:
    what = edit.text.removeprefix(EDIT_PREFIX)
    if edit.kind in ("add-units", "remove-units") and edit.units:
        sign = "+" if edit.kind == "add-units" else "-"
        listed = ", ".join(f"{sign}{s.count} {s.type}" for s in edit.units)
        what = f"{edit.players[0]} units in {edit.territory}: {listed}"
    return f"{edit.kind}: {what}"


def edits_text(edits: list[Edit]) -> list[str]:
    """The 'Edit mode' section of show-save."""
    lines = ["", f"Edit mode ({len(edits)} event(s)):"]
    if not edits:
        return [*lines, "  never used"]
    return [*lines, *(f"  [round {e.round} {e.player or '-'}, {e.step or '-'}] {_line(e)}" for e in edits)]
