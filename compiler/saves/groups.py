"""History events grouped with their children and changes, and the helpers that read a group."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.engine.state import UnitStack
from compiler.saves.java import get, is_a, items, mapping, number, short_class, text
from compiler.saves.state import stacks, unit_owner_name

_UNIT_CLASSES = ("Unit", "TripleAUnit")


@dataclass
class EventGroup:
    """One history event with what the engine wrote under it."""

    round: int
    step: str | None
    player: str | None
    delegate: str | None
    text: str | None = None
    rendering: Any = None
    children: list[tuple[str, Any]] = field(default_factory=list)
    changes: list[Any] = field(default_factory=list)
    child_changes: list[list[Any]] = field(default_factory=list)
    """for each child, the changes written after it and before the next child (also in `changes`)"""
    owner_of: Callable[[Any], str] = unit_owner_name
    """A unit's owner when the event happened (set by UnitOwners; units are shared with the end state)."""

    def base(self) -> dict[str, Any]:
        return {"round": self.round, "step": self.step, "player": self.player}

    def own_changes(self) -> list[Any]:
        """The changes written under the event before any child of it."""
        later = sum(len(c) for c in self.child_changes)
        return self.changes[:len(self.changes) - later]

    def stacks(self, units: list[Any]) -> list[UnitStack]:
        """Units as stacks, each unit with its owner at the time of this event."""
        return stacks(units, self.owner_of)


def flatten(change: Any) -> list[Any]:
    """The leaf changes of a (possibly nested) CompositeChange."""
    if change is None:
        return []
    if short_class(change) == "CompositeChange":
        return [leaf for inner in items(get(change, "changes")) for leaf in flatten(inner)]
    return [change]


def units_in(obj: Any) -> list[Any]:
    """The Unit objects of a collection (rendering data or a change's units)."""
    return [u for u in items(obj) if is_a(u, *_UNIT_CLASSES)]


def resource_changes(group: EventGroup) -> list[Any]:
    """The group's ChangeResourceChange changes."""
    return [c for c in group.changes if short_class(c) == "ChangeResourceChange"]


def resource_fields(change: Any) -> tuple[str | None, str | None, int]:
    """(player, resource, quantity) of a ChangeResourceChange (2.x or 1.9 field names)."""
    player = text(get(change, "playerName", "player"))
    resource = text(get(change, "resourceName", "resource"))
    return player, resource, number(get(change, "quantity"))


def cost_of(group: EventGroup) -> dict[str, int]:
    """What the group's player paid: the negative resource changes of that player."""
    cost: Counter[str] = Counter()
    for change in resource_changes(group):
        player, resource, amount = resource_fields(change)
        if amount < 0 and resource and (group.player is None or player == group.player):
            cost[resource] -= amount
    return dict(cost)


def unit_key(unit: Any) -> int:
    """A unit's identity across the save: its id object, which every reference to the unit shares."""
    return id(get(unit, "id", "uid"))


def _owner_changes(group: EventGroup, side: str) -> list[tuple[int, str | None]]:
    """(unit id key, owner name) pairs of the group's PlayerOwnerChanges; side is 'old' or 'new'."""
    names = ("oldOwnerNamesByUnitId", "old") if side == "old" else ("newOwnerNamesByUnitId", "new")
    return [(id(key), text(owner))
            for change in group.changes if short_class(change) == "PlayerOwnerChange"
            for key, owner in mapping(get(change, *names)).items()]


class UnitOwners:
    """Who owned each unit at each point of the history.

    The history refers to the very Unit objects of the saved state, so a unit's owner field is its
    owner at the end. Undoing every PlayerOwnerChange from the end gives the owners at the start;
    `advance` then applies one event group's changes as the history is read forward.
    """

    def __init__(self, groups: list[EventGroup]) -> None:
        self._owner: dict[int, str | None] = {}
        for group in reversed(groups):
            for key, old in reversed(_owner_changes(group, "old")):
                self._owner[key] = old

    def owner_of(self, unit: Any) -> str:
        """The unit's owner at the current point of the history."""
        owner = self._owner.get(unit_key(unit), None)
        return owner if owner else unit_owner_name(unit)

    def advance(self, group: EventGroup) -> None:
        """Apply the ownership changes of a group that has just been read."""
        for key, new in _owner_changes(group, "new"):
            self._owner[key] = new
