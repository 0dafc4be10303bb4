"""A trigger's victory has its message in the map's notifications.properties.

TripleA ends the game for a satisfied trigger with a `victory` option only when the map's
notifications.properties has a message under that key (TriggerAttachment.triggerVictory skips the
trigger otherwise, silently): without it the game plays on. Checked when a map folder (or zip) is
validated, where notifications.properties would be; a lone game XML is not checked.

Failing (notifications.properties without the key)::

    <attachment name="triggerAttachmentAxisWins" attachTo="Germans" javaClass="TriggerAttachment" type="player">
      <option name="conditions" value="conditionAttachmentAxisCapitals"/>
      <option name="victory" value="AXIS_VICTORY"/>
    </attachment>

Passing (notifications.properties)::

    AXIS_VICTORY=<b>The Axis hold every capital and win the war.</b>

How to fix: add the victory's key to the map's notifications.properties, with the message to show (`KEY=<b>The
Axis win</b>`).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._attachments import trigger_values
from compiler.checks.context import CheckContext
from compiler.mapfolder.properties_file import read_properties
from compiler.problems import Location, Problem, Severity

ID = "victory-message"
SEVERITY = Severity.WARNING
NOTIFICATIONS = "notifications.properties"


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = ctx.map_files
    if files is None or not files.is_map:
        return
    found = files.get(NOTIFICATIONS)
    keys = set(read_properties(found[1])) if found else set()
    for inst, ov, key in trigger_values(ctx, "victory"):
        if key in keys:
            continue
        where = f"{found[0]} has no key '{key}'" if found else f"the map has no {NOTIFICATIONS}"
        yield Problem(ID, f"trigger '{inst.name}' declares victory '{key}', but {where}: TripleA skips a "
                      "victory without its message and the game plays on", ov.option.loc or Location(ctx.path),
                      SEVERITY)
