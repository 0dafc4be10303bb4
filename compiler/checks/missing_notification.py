"""A trigger's notification has its message in the map's notifications.properties.

TripleA 2.x (TriggerAttachment.triggerNotifications, NotificationMessages) shows a fired trigger's
`notification` as the message under that key in notifications.properties, and plays the sounds under
`KEY_sounds`. Without the key (and without sounds) the trigger fires and the players are told nothing,
silently; with an empty message they get an empty note. Victories are checked by victory-message.

Failing (notifications.properties without the key)::

    <option name="notification" value="GERMANS_TAKE_PARIS"/>

Passing (notifications.properties)::

    GERMANS_TAKE_PARIS=<b>Paris has fallen.</b>

How to fix: add the key the message names to notifications.properties, with the text players should see.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._attachments import trigger_values
from compiler.checks._map_folder import folder_index, properties
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "missing-notification"
SEVERITY = Severity.WARNING
NOTIFICATIONS = "notifications.properties"


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = folder_index(ctx)
    if index is None:
        return
    texts = properties(ctx, NOTIFICATIONS)
    if texts is None and index.has(NOTIFICATIONS):
        return  # the repository has it, the copy validated does not: not judged
    entries = texts.entries if texts is not None else {}
    where = texts.path if texts is not None else f"the map (no {NOTIFICATIONS})"
    reported: set[str] = set()
    for inst, ov, key in trigger_values(ctx, "notification"):
        if key in reported:
            continue
        loc = ov.option.loc or Location(ctx.path)
        if key not in entries and f"{key}_sounds" not in entries:
            reported.add(key)
            yield Problem(ID, f"trigger '{inst.name}' notifies '{key}', but {where} has no key '{key}': TripleA "
                          "fires the trigger and tells the players nothing", loc, SEVERITY)
        elif key in entries and not entries[key].value.strip() and f"{key}_sounds" not in entries:
            reported.add(key)
            yield Problem(ID, f"trigger '{inst.name}' notifies '{key}', but {where} leaves '{key}' empty: TripleA "
                          "shows the players an empty note", loc, SEVERITY)
