"""Every attachment's javaClass is an attachment class of the target TripleA version.

TripleA refuses an attachment it cannot instantiate.

Failing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="games.strategy.triplea.attachments.UnitAttachmnt">

Passing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="games.strategy.triplea.attachments.UnitAttachment">
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import attachment_class_known
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-attachment-class"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    seen: dict[str, bool | None] = {}
    for att in ctx.model.attachments:
        if att.java_class not in seen:
            seen[att.java_class] = attachment_class_known(ctx, att.java_class)
        if seen[att.java_class] is False:
            yield Problem(ID, f"'{att.java_class}' is not an attachment class of TripleA {ctx.engine}", att.loc,
                          SEVERITY)
