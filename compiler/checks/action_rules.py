"""Political and user actions have a text, and political actions change a relationship.

TripleA 2.x validates every PoliticalActionAttachment and UserActionAttachment it keeps (whatever it
is attached to): `text` must not be blank (TripleA trims spaces and control characters; an option
with value="" is skipped, so it counts as missing), and a political action needs at least one
`relationshipChange`.

Failing::

    <attachment name="politicalActionAttachmentPeace" attachTo="Germans"
                javaClass="games.strategy.triplea.attachments.PoliticalActionAttachment" type="player">
      <option name="text" value=" "/>   <!-- and no relationshipChange -->
    </attachment>

Passing::

    <option name="text" value="Peace"/><option name="relationshipChange" value="Germans:Russians:Neutral"/>

How to fix: give every political and user action a non-blank `text`, and every political action at least one
`relationshipChange`.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._attachments import kept_attachments, option_values
from compiler.checks.context import CheckContext
from compiler.model.vocabulary import POLITICAL_ACTION, USER_ACTION
from compiler.problems import Problem, Severity

ID = "action-rules"
SEVERITY = Severity.ERROR
ACTIONS = (POLITICAL_ACTION.java_class, USER_ACTION.java_class)
_JAVA_BLANK = "".join(chr(c) for c in range(33))  # what Java's String.trim() removes


def check(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.engine != "2.x":
        return
    for inst, simple in kept_attachments(ctx):
        if simple not in ACTIONS:
            continue
        text, changes = "", False
        for name, value, _ in option_values(ctx, inst):
            if name == "text":
                text = value
            elif name == "relationshipChange":
                changes = True
        loc = inst.attachment.loc
        if not text.strip(_JAVA_BLANK):
            said = "has no text" if not text else f"has a blank text ('{text}')"
            yield Problem(ID, f"{simple} '{inst.name}' on '{inst.attach_to}' {said}: TripleA 2.7 refuses an action "
                              "without text", loc, SEVERITY)
        if simple == POLITICAL_ACTION.java_class and not changes:
            yield Problem(ID, f"PoliticalActionAttachment '{inst.name}' on '{inst.attach_to}' has no "
                              "relationshipChange: TripleA 2.7 refuses a political action that changes no "
                              "relationship", loc, SEVERITY)
