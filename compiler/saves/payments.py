"""End-of-turn payments filed under the event they belong to.

TripleA's end-turn delegate (EndTurnDelegate) starts the collection's event and then adds its change; a national
objective or a trigger's resource change it adds first and starts its event after ("Objective 1: Germans met a
national objective ..."). In the history the change therefore sits under the event before its own: the first
objective's payment under the collection, the second's under the first objective. This moves each payment after
the collection's to the event that follows it in the same step, so that a payment carries its own event's text.
Done by the order TripleA writes, never by reading texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.saves.delegates import delegate_is
from compiler.saves.groups import EventGroup
from compiler.saves.java import short_class

_RESOURCE_CHANGE = "ChangeResourceChange"


def refile_end_turn_payments(entries: Sequence[object], classes: dict[str, str]) -> None:
    """Move, in each end-turn step of `entries` (history_entries' step starts and event groups), every resource
    change after the step's first to the start of the next event group of the step, when there is one."""
    step: list[EventGroup] = []
    for entry in [*entries, None]:
        if isinstance(entry, EventGroup) and step and entry.step == step[0].step and entry.round == step[0].round:
            step.append(entry)
            continue
        if step:
            _refile(step)
        step = [entry] if isinstance(entry, EventGroup) and _end_turn(entry, classes) else []


def _end_turn(group: EventGroup, classes: dict[str, str]) -> bool:
    return delegate_is(classes, group.delegate, "EndTurnDelegate", "endTurn")


def _refile(groups: list[EventGroup]) -> None:
    collected = False
    carried: list[object] = []
    for group in groups:
        staying: list[object] = []
        leaving: list[object] = []
        for change in group.changes:
            if short_class(change) == _RESOURCE_CHANGE and collected:
                leaving.append(change)
            else:
                staying.append(change)
            collected = collected or short_class(change) == _RESOURCE_CHANGE
        if group is groups[-1]:
            staying, leaving = staying + leaving, []
        for children in group.child_changes:
            children[:] = [c for c in children if not any(c is gone for gone in leaving)]
        group.changes[:] = carried + staying
        carried = leaving
