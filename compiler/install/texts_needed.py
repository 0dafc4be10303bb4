"""The keys a game needs in its map's .properties files, and stub lines for those the files lack.

What a game needs is what the validator's map-folder checks look for (their modules say why TripleA needs
each key): a trigger's `victory` message and `notification` in notifications.properties (victory-message,
missing-notification), a political action's texts in politicstext.properties and a user action's in
actionstext.properties (missing-action-text). A key the file has, whatever its value, is the author's and
stays; a missing one is added at the end of the file as `KEY=TO WRITE: what the text is`, under one
comment line, so that the game plays with a visible placeholder and the author sees what to write.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.checks import missing_action_text, missing_notification, victory_message
from compiler.checks._attachments import trigger_values
from compiler.checks.context import CheckContext
from compiler.mapfolder.properties_file import read_properties
from compiler.model import GameModel

PLACEHOLDER = "TO WRITE: "
_MEANINGS = {
    "BUTTON": "the button of {what}",
    "DESCRIPTION": "the description of {what}",
    "NOTIFICATION_SUCCESS": "told to its player when {what} succeeds",
    "OTHER_NOTIFICATION_SUCCESS": "told to the other players when {what} succeeds",
    "NOTIFICATION_FAILURE": "told to its player when {what} fails",
    "OTHER_NOTIFICATION_FAILURE": "told to the other players when {what} fails",
    "ACCEPT_QUESTION": "asked of the players who must accept {what}",
}


@dataclass(frozen=True)
class NeededText:
    """A key the game reads from a .properties file of its map, and what its text is for."""

    file: str
    key: str
    meaning: str
    sounds_do: bool = False
    """whether a `KEY_sounds` entry serves instead (a notification may be sounds only)"""


def needed_texts(model: GameModel, engine: str) -> list[NeededText]:
    """Every key the game reads from its map's .properties files, in the game's order, each once."""
    ctx = CheckContext(model, engine=engine)
    found: dict[tuple[str, str], NeededText] = {}

    def add(text: NeededText) -> None:
        found.setdefault((text.file, text.key), text)

    for inst, _, key in trigger_values(ctx, "victory"):
        add(NeededText(victory_message.NOTIFICATIONS, key, f"the message shown when trigger {inst.name} wins the "
                                                            "game"))
    for inst, _, key in trigger_values(ctx, "notification"):
        add(NeededText(missing_notification.NOTIFICATIONS, key, f"the message shown when trigger {inst.name} fires",
                       sounds_do=True))
    for inst in ctx.instances:
        kind = next((k for k in missing_action_text.FILES if k.is_class(inst.attachment.java_class)), None)
        if kind is None:
            continue
        options = {ov.option.name: ov.value for ov in inst.options}
        key = options.get("text", "").strip()
        if not key:
            continue
        what = f"{kind.key} {inst.name}"
        for suffix in missing_action_text.wanted(options):
            add(NeededText(missing_action_text.FILES[kind], f"{key}.{suffix}",
                           _MEANINGS.get(suffix, suffix).format(what=what)))
    return list(found.values())


def missing_in(text: str | None, needed: list[NeededText]) -> list[NeededText]:
    """The needed keys a .properties text (None: no file) does not have."""
    keys = set(read_properties(text)) if text else set()
    return [n for n in needed if n.key not in keys and not (n.sounds_do and f"{n.key}_sounds" in keys)]


def _escaped(text: str, key: bool) -> str:
    """`text` as java.util.Properties reads it back, in ASCII (a file read as Latin-1 or UTF-8 alike)."""
    out = []
    for i, c in enumerate(text):
        if c == "\\" or key and c in "=: #!" or not key and i == 0 and c in " #!":
            out.append("\\" + c)
        elif c in "\t\n\r\f":
            out.append({"\t": "\\t", "\n": "\\n", "\r": "\\r", "\f": "\\f"}[c])
        elif not " " <= c <= "~":
            out.append("".join(f"\\u{unit:04x}" for unit in _utf16(c)))
        else:
            out.append(c)
    return "".join(out)


def _utf16(c: str) -> list[int]:
    data = c.encode("utf-16-be")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def stubs_to_append(text: str | None, missing: list[NeededText], game_name: str) -> str:
    """What to append to the .properties `text` (None: a new file) for the missing keys, in ASCII: a line
    break when the text does not end in one, a comment line, then a stub line per key; "" when none is
    missing. The author's lines are never touched."""
    if not missing:
        return ""
    base = text or ""
    newline = "\r\n" if "\r\n" in base else "\n"
    lead = newline if base and not base.endswith(("\n", "\r")) else ""
    lines = [f"# {_escaped(game_name, False)}: texts triplea-compiler added, to write (TripleA shows them as they are)"]
    lines += [f"{_escaped(n.key, True)}={_escaped(PLACEHOLDER + n.meaning, False)}" for n in missing]
    return lead + newline.join(lines) + newline
