"""Every attachment's javaClass is an attachment class of the target TripleA version.

TripleA refuses an attachment it cannot instantiate. TripleA 2.x drops everything up to the last
`.` of the javaClass and knows 13 simple names, case-sensitively (CanalAttachment, PlayerAttachment,
PoliticalActionAttachment, RelationshipTypeAttachment, RulesAttachment, TechAbilityAttachment,
TechAttachment, TerritoryAttachment, TerritoryEffectAttachment, TriggerAttachment, UnitAttachment,
UnitSupportAttachment, UserActionAttachment): `UnitAttachment` and `x.y.UnitAttachment` both work,
`unitAttachment` or an empty javaClass do not. TripleA 1.9 wants the exact qualified name.

This module also says which attachments 2.x keeps (`kept_attachments`): a later attachment with the
same name on the same object replaces the earlier one, and only the kept ones are validated.

Failing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="games.strategy.triplea.attachments.UnitAttachmnt">

Passing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="games.strategy.triplea.attachments.UnitAttachment">
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import attachment_class_known
from compiler.checks.context import CheckContext
from compiler.checks.expand import AttachmentInstance
from compiler.problems import Problem, Severity

ID = "unknown-attachment-class"
SEVERITY = Severity.ERROR


def class_name(ctx: CheckContext, java_class: str) -> str | None:
    """The simple class name TripleA instantiates for `java_class`, None when it knows no such class."""
    info = ctx.catalog.attachment_class(java_class)
    return None if info is None else info.simple_name


def attachment_name(name: str) -> str:
    """The name TripleA 2.x files an attachment under (the legacy spelling 'ttatchment' corrected)."""
    return name.replace("ttatch", "ttach")


def kept_attachments(ctx: CheckContext) -> list[tuple[AttachmentInstance, str]]:
    """The attachment instances TripleA 2.x keeps, in document order, with their simple class name: a
    later attachment of the same name on the same object replaces the earlier one (`type` missing or
    empty means unitType). Attachments of unknown classes are left out."""
    cached: list[tuple[AttachmentInstance, str]] | None = ctx.__dict__.get("_kept_attachments")
    if cached is not None:
        return cached
    kept: dict[tuple[str, str, str], tuple[AttachmentInstance, str]] = {}
    for inst in ctx.instances:
        simple = class_name(ctx, inst.attachment.java_class)
        if simple is None:
            continue
        key = (inst.attachment.type or "unitType", inst.attach_to, attachment_name(inst.name))
        kept.pop(key, None)  # re-inserted last: the later attachment takes the earlier one's place
        kept[key] = (inst, simple)
    cached = ctx.__dict__["_kept_attachments"] = list(kept.values())
    return cached


def option_values(ctx: CheckContext, inst: AttachmentInstance) -> Iterator[tuple[str, str, object]]:
    """(option name as 2.x looks it up, value, the option) for every option TripleA applies, in order:
    an option with an empty name or value is skipped, as TripleA does."""
    for ov in inst.options:
        if ov.option.name and ov.option.value:
            yield ctx.catalog.option_name(ov.option.name), ov.value, ov.option


def _known_names(ctx: CheckContext) -> str:
    return ", ".join(sorted(info.simple_name for info in ctx.catalog.attachment_classes()))


def check(ctx: CheckContext) -> Iterator[Problem]:
    seen: dict[str, bool | None] = {}
    for att in ctx.model.attachments:
        if att.java_class not in seen:
            seen[att.java_class] = attachment_class_known(ctx, att.java_class)
        if seen[att.java_class] is False:
            if ctx.engine == "2.x":
                simple = att.java_class.rsplit(".", 1)[-1]
                message = (f"'{att.java_class}' of attachment '{att.name}' is not an attachment class: TripleA "
                           f"{ctx.line} ignores the package and refuses the simple name '{simple}' "
                           f"(known, case-sensitive: {_known_names(ctx)})")
            else:
                message = f"'{att.java_class}' is not an attachment class of TripleA {ctx.engine}"
            yield Problem(ID, message, att.loc, SEVERITY)
