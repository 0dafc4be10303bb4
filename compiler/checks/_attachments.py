"""How TripleA 2.x applies attachments and their options, for the checks that follow it.

`kept_attachments`: the attachments 2.x keeps (a later one of the same name on the same object
replaces the earlier one). `applies`: whether 2.x applies an option at all (an empty name or value,
takeUnitControl and giveUnitControl=true/false are skipped). `checked_options`: the applied options
the catalog knows, each with its value matched against the option's format once per run.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.catalog import OptionInfo
from compiler.catalog.formats import Result, match
from compiler.checks._catalog import option_info
from compiler.checks.context import CheckContext
from compiler.model import game as m
from compiler.model.expand import AttachmentInstance, OptionValue, kept_instances
from compiler.model.vocabulary import filed_name

attachment_name = filed_name  # the name 2.x files an attachment under


def class_name(ctx: CheckContext, java_class: str) -> str | None:
    """The simple class name TripleA instantiates for `java_class`, None when it knows no such class."""
    info = ctx.catalog.attachment_class(java_class)
    return None if info is None else info.simple_name


def kept_attachments(ctx: CheckContext) -> list[tuple[AttachmentInstance, str]]:
    """The attachment instances TripleA 2.x keeps, in document order, with their simple class name: a
    later attachment of the same name on the same object replaces the earlier one (`type` missing or
    empty means unitType). Attachments of unknown classes are left out."""
    cached: list[tuple[AttachmentInstance, str]] | None = ctx.__dict__.get("_kept_attachments")
    if cached is not None:
        return cached
    known = (inst for inst in ctx.instances if class_name(ctx, inst.attachment.java_class) is not None)
    kept = [(inst, str(class_name(ctx, inst.attachment.java_class))) for inst in kept_instances(known).values()]
    cached = ctx.__dict__["_kept_attachments"] = kept
    return cached


def applies(ctx: CheckContext, option: m.Option) -> bool:
    """Whether TripleA applies `option`: it skips one without a name or value (`value=""` included),
    takeUnitControl, and giveUnitControl=true/false."""
    return bool(option.name and option.value) and not ctx.catalog.ignored_option(option.name, option.value)


def option_values(ctx: CheckContext, inst: AttachmentInstance) -> Iterator[tuple[str, str, m.Option]]:
    """(option name as 2.x looks it up, value, the option) for every option TripleA applies, in order."""
    for ov in inst.options:
        if applies(ctx, ov.option):
            yield ctx.catalog.option_name(ov.option.name), ov.value, ov.option


def checked_options(ctx: CheckContext, inst: AttachmentInstance) -> Iterator[tuple[OptionValue, OptionInfo, Result]]:
    """(option, its catalog record, its value matched against the record's format) for every option
    TripleA applies and the catalog knows, in order; each (format, value) is matched once per run."""
    verdicts: dict[tuple[str, str], Result] = ctx.__dict__.setdefault("_format_matches", {})
    for ov in inst.options:
        if not applies(ctx, ov.option):
            continue
        info = option_info(ctx, inst.attachment.java_class, ov.option.name)
        if info is None:
            continue  # unknown-option
        key = (info.format, ov.value)
        result = verdicts.get(key)
        if result is None:
            result = verdicts[key] = match(info.format, ov.value)
        yield ov, info, result
