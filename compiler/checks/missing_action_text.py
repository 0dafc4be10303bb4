"""Every political and user action has its texts in politicstext.properties / actionstext.properties.

TripleA 2.x (PoliticsText, UserActionText) finds an action's texts under its `text` key: `KEY.BUTTON` and
`KEY.DESCRIPTION` in the action panel, `KEY.NOTIFICATION_SUCCESS` and `KEY.OTHER_NOTIFICATION_SUCCESS` when
it succeeds, `KEY.NOTIFICATION_FAILURE` and `KEY.OTHER_NOTIFICATION_FAILURE` when it can fail (its `chance`
below certainty, or players who must accept it), `KEY.ACCEPT_QUESTION` when `actionAccept` names players.
A missing key shows the placeholder "NO: KEY.BUTTON set." to the players; an empty one an empty button or
message (the value NONE, for notifications, sends none on purpose); a text the file leaves empty for every
action (at least three) is the map's way of having none and is not reported. Political actions read
politicstext.properties, user actions actionstext.properties. A file the map's repository has but the
validated copy lacks (a catalogue listing without the text) is not judged.

Failing (politicstext.properties without Germans_Russians_War.DESCRIPTION)::

    <attachment name="politicalActionAttachmentGermansWar" attachTo="Germans"
                javaClass="PoliticalActionAttachment" type="player">
      <option name="text" value="Germans_Russians_War"/>

Passing::

    Germans_Russians_War.BUTTON=War on Russia
    Germans_Russians_War.DESCRIPTION=Germany declares war on Russia
    Germans_Russians_War.NOTIFICATION_SUCCESS=War!
    Germans_Russians_War.OTHER_NOTIFICATION_SUCCESS=Germany declared war on Russia

How to fix: add the keys the message names to the properties file, each with its text.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import PropertiesFile, folder_index, properties
from compiler.checks.context import CheckContext
from compiler.model.vocabulary import POLITICAL_ACTION, USER_ACTION, Kind
from compiler.problems import Problem, Severity

ID = "missing-action-text"
SEVERITY = Severity.WARNING
FILES = {POLITICAL_ACTION: "politicstext.properties", USER_ACTION: "actionstext.properties"}
SHOWN = ("BUTTON", "DESCRIPTION", "NOTIFICATION_SUCCESS", "OTHER_NOTIFICATION_SUCCESS")
_CONVENTION = 3  # a text left empty for at least this many actions, and for all of them, is left empty on purpose
ON_FAILURE = ("NOTIFICATION_FAILURE", "OTHER_NOTIFICATION_FAILURE")


def can_fail(options: dict[str, str]) -> bool:
    """Whether the action can fail: a chance below certainty ('1:6'), or players who must accept it."""
    if options.get("actionAccept", "").strip():
        return True
    hits, _, sides = options.get("chance", "1:1").partition(":")
    try:
        return int(hits) < int(sides)
    except ValueError:
        return False


def wanted(options: dict[str, str]) -> list[str]:
    """The suffixes TripleA reads for an action with these options."""
    out = list(SHOWN)
    if can_fail(options):
        out += ON_FAILURE
    if options.get("actionAccept", "").strip():
        out.append("ACCEPT_QUESTION")
    return out


def _left_blank(texts: PropertiesFile) -> frozenset[str]:
    """The texts (DESCRIPTION ...) the file leaves empty for every action that has one: the map's way of
    having none (Empire writes `KEY.DESCRIPTION= ` for all of its 60 actions), not a text forgotten."""
    seen: dict[str, bool] = {}  # text -> whether every value of it is blank so far
    for name, entry in texts.entries.items():
        text = name.rpartition(".")[2]
        if text in SHOWN or text in ("NOTIFICATION_FAILURE", "OTHER_NOTIFICATION_FAILURE", "ACCEPT_QUESTION"):
            seen[text] = seen.get(text, True) and not entry.value.strip()
    return frozenset(text for text, blank in seen.items() if blank and _count(texts, text) >= _CONVENTION)


def _count(texts: PropertiesFile, text: str) -> int:
    return sum(1 for name in texts.entries if name.endswith("." + text))


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = folder_index(ctx)
    if index is None:
        return
    kinds: dict[str, Kind | None] = {}  # java class -> its kind among FILES
    blanks: dict[str, frozenset[str]] = {}  # file -> _left_blank of it
    for inst in ctx.instances:
        java_class = inst.attachment.java_class
        if java_class not in kinds:
            kinds[java_class] = next((k for k in FILES if k.is_class(java_class)), None)
        kind = kinds[java_class]
        if kind is None:
            continue
        file = FILES[kind]
        texts = properties(ctx, file)
        if texts is None and index.has(file):
            continue  # the repository has it, the copy validated does not: not judged
        options = {ov.option.name: ov.value for ov in inst.options}
        text_option = next((ov.option for ov in inst.options if ov.option.name == "text"), None)
        key = options.get("text", "").strip()
        if not key:
            continue  # TripleA refuses the game (text can't be empty): another check's finding
        entries = texts.entries if texts is not None else {}
        missing = [s for s in wanted(options) if f"{key}.{s}" not in entries]
        if file not in blanks:
            blanks[file] = _left_blank(texts) if texts is not None else frozenset()
        blank = blanks[file]
        empty = [s for s in wanted(options) if f"{key}.{s}" in entries and not entries[f"{key}.{s}"].value.strip()
                 and s not in blank]
        loc = (text_option.loc if text_option is not None else None) or inst.attachment.loc or ctx.game_loc
        where = texts.path if texts is not None else f"the map (no {file})"
        if missing:
            listed = ", ".join(f"{key}.{s}" for s in missing)
            yield Problem(ID, f"{kind.key} '{inst.name}' has text key '{key}', but {where} lacks {listed}: TripleA "
                          f"shows 'NO: {key}.{missing[0]} set.' instead", loc, SEVERITY)
        if empty:
            listed = ", ".join(f"{key}.{s}" for s in empty)
            yield Problem(ID, f"{kind.key} '{inst.name}' has text key '{key}', but {where} leaves {listed} empty: "
                          "TripleA shows an empty button or message", loc, SEVERITY)
