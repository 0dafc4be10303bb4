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

from compiler.checks.context import CheckContext
from compiler.model.vocabulary import TRIGGER
from compiler.problems import Location, Problem, Severity

ID = "victory-message"
SEVERITY = Severity.WARNING
NOTIFICATIONS = "notifications.properties"


def property_keys(text: str) -> set[str]:
    """The keys of a Java .properties text: `key=value`, `key: value` or `key value`; `#`/`!` comments;
    a line ending in a backslash continues on the next."""
    keys: set[str] = set()
    continued = False
    for raw in text.splitlines():
        line = raw.strip()
        if continued:
            continued = line.endswith("\\")
            continue
        if not line or line[0] in "#!":
            continue
        continued = line.endswith("\\")
        key, i = [], 0
        while i < len(line) and line[i] not in "=: \t\f":
            if line[i] == "\\" and i + 1 < len(line):
                i += 1
            key.append(line[i])
            i += 1
        keys.add("".join(key))
    return keys


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = ctx.map_files
    if files is None or not files.is_map:
        return
    found = files.get(NOTIFICATIONS)
    keys = property_keys(found[1]) if found else set()
    for inst in ctx.instances:
        if not TRIGGER.is_class(inst.attachment.java_class):
            continue
        for ov in inst.options:
            key = ov.value.strip()
            if ov.option.name != "victory" or not key or key in keys:
                continue
            where = f"{found[0]} has no key '{key}'" if found else f"the map has no {NOTIFICATIONS}"
            yield Problem(ID, f"trigger '{inst.name}' declares victory '{key}', but {where}: TripleA skips a "
                          "victory without its message and the game plays on", ov.option.loc or Location(ctx.path),
                          SEVERITY)
