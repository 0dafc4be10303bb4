"""Every attachment's javaClass is an attachment class of the target TripleA version.

TripleA refuses an attachment it cannot instantiate. TripleA 2.x drops everything up to the last
`.` of the javaClass and knows 13 simple names, case-sensitively (CanalAttachment, PlayerAttachment,
PoliticalActionAttachment, RelationshipTypeAttachment, RulesAttachment, TechAbilityAttachment,
TechAttachment, TerritoryAttachment, TerritoryEffectAttachment, TriggerAttachment, UnitAttachment,
UnitSupportAttachment, UserActionAttachment): `UnitAttachment` and `x.y.UnitAttachment` both work,
`unitAttachment` or an empty javaClass do not. TripleA 1.9 wants the exact qualified name.

Failing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="games.strategy.triplea.attachments.UnitAttachmnt">

Passing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="games.strategy.triplea.attachments.UnitAttachment">

How to fix: use one of the attachment classes the target TripleA knows, spelled as it spells it (the message
suggests the closest); for 2.x only the part after the last `.` counts.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import attachment_class_known
from compiler.checks.context import CheckContext
from compiler.model.vocabulary import simple_class
from compiler.problems import Problem, Severity

ID = "unknown-attachment-class"
SEVERITY = Severity.ERROR


def _known_names(ctx: CheckContext) -> str:
    return ", ".join(sorted(info.simple_name for info in ctx.catalog.attachment_classes()))


def check(ctx: CheckContext) -> Iterator[Problem]:
    seen: dict[str, bool | None] = {}
    for att in ctx.model.attachments:
        if att.java_class not in seen:
            seen[att.java_class] = attachment_class_known(ctx, att.java_class)
        if seen[att.java_class] is False:
            if ctx.engine == "2.x":
                simple = simple_class(att.java_class)
                message = (f"'{att.java_class}' of attachment '{att.name}' is not an attachment class: TripleA "
                           f"{ctx.line} ignores the package and refuses the simple name '{simple}' "
                           f"(known, case-sensitive: {_known_names(ctx)})")
            else:
                message = f"'{att.java_class}' is not an attachment class of TripleA {ctx.engine}"
            yield Problem(ID, message, att.loc, SEVERITY)
