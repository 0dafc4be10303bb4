"""How TripleA 2.x applies attachments and their options, for the checks that follow it.

`kept_attachments`: the attachments 2.x keeps (a later one of the same name on the same object
replaces the earlier one). `applies`: whether 2.x applies an option at all (an empty name or value,
takeUnitControl and giveUnitControl=true/false are skipped). `trigger_values`: a triggers' option's values.
`checked_instances`: every
attachment instance with the applied options the catalog knows, each value matched against the option's
format; computed once per game and shared by the checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from compiler.catalog import OptionInfo
from compiler.catalog.formats import Result
from compiler.checks._catalog import option_table
from compiler.checks.context import CheckContext
from compiler.model import game as m
from compiler.model.expand import AttachmentInstance, AttachmentKey, OptionValue, attachment_key
from compiler.model.vocabulary import TRIGGER, filed_name

attachment_name = filed_name  # the name 2.x files an attachment under


def trigger_values(ctx: CheckContext, option: str) -> Iterator[tuple[AttachmentInstance, OptionValue, str]]:
    """(trigger, its option value, the value stripped) for every non-empty `option` of the game's triggers."""
    found = ctx.shared(_trigger_values)
    if option not in found:
        triggers = ctx.of_class(TRIGGER)
        found[option] = [(inst, ov, value) for inst, values in zip(
            triggers, ctx.derived_each("trigger values", triggers, _values_by_option), strict=True)
            for ov, value in values.get(option, ())]
    yield from found[option]


def _trigger_values(ctx: CheckContext) -> dict[str, list[tuple[AttachmentInstance, OptionValue, str]]]:
    """option -> trigger_values of it, in document order (each filled when first asked for)."""
    return {}


def _values_by_option(inst: AttachmentInstance) -> dict[str, list[tuple[OptionValue, str]]]:
    """option name -> (option value, the value stripped) of each non-empty one of an instance, in order."""
    out: dict[str, list[tuple[OptionValue, str]]] = {}
    for ov in inst.options:
        value = ov.value.strip()
        if value:
            out.setdefault(ov.option.name, []).append((ov, value))
    return out


def class_name(ctx: CheckContext, java_class: str) -> str | None:
    """The simple class name TripleA instantiates for `java_class`, None when it knows no such class."""
    info = ctx.catalog.attachment_class(java_class)
    return None if info is None else info.simple_name


def kept_attachments(ctx: CheckContext) -> list[tuple[AttachmentInstance, str]]:
    """The attachment instances TripleA 2.x keeps, in document order, with their simple class name: a
    later attachment of the same name on the same object replaces the earlier one (`type` missing or
    empty means unitType). Attachments of unknown classes are left out. Computed once per game."""
    return ctx.shared(_kept_attachments)


def _kept_attachments(ctx: CheckContext) -> list[tuple[AttachmentInstance, str]]:
    simple_names: dict[str, str | None] = {}
    kept: dict[AttachmentKey, tuple[AttachmentInstance, str]] = {}
    for inst, key in zip(ctx.instances, ctx.per_instance("attachment key", attachment_key), strict=True):
        java_class = inst.attachment.java_class
        if java_class not in simple_names:
            simple_names[java_class] = class_name(ctx, java_class)
        simple = simple_names[java_class]
        if simple is not None:  # as kept_instances keeps them: the later one, placed last
            kept.pop(key, None)
            kept[key] = inst, simple
    return list(kept.values())


def applies(ctx: CheckContext, option: m.Option) -> bool:
    """Whether TripleA applies `option`: it skips one without a name or value (`value=""` included),
    takeUnitControl, and giveUnitControl=true/false."""
    return bool(option.name and option.value) and not ctx.catalog.ignored_option(option.name, option.value)


def option_values(ctx: CheckContext, inst: AttachmentInstance) -> Iterator[tuple[str, str, m.Option]]:
    """(option name as 2.x looks it up, value, the option) for every option TripleA applies, in order."""
    for ov in inst.options:
        if applies(ctx, ov.option):
            yield ctx.catalog.option_name(ov.option.name), ov.value, ov.option


Checked = tuple[OptionValue, OptionInfo, Result]
"""An option TripleA applies and the catalog knows, its catalog record, and its value matched against the
record's format."""


def checked_instances(ctx: CheckContext) -> list[tuple[AttachmentInstance, list[Checked]]]:
    """Every attachment instance in document order with its checked options, in order: computed once per
    game for option-value and option-order."""
    return ctx.shared(_checked_instances)


def _checked_instances(ctx: CheckContext) -> list[tuple[AttachmentInstance, list[Checked]]]:
    return list(zip(ctx.instances, checked_options(ctx), strict=True))


def checked_options(ctx: CheckContext) -> list[list[Checked]]:
    """The checked options of each instance (in the order of `ctx.instances`)."""
    return ctx.per_instance("checked options", partial(_checked_options, ctx))


def _checked_options(ctx: CheckContext, inst: AttachmentInstance) -> list[Checked]:
    table = option_table(ctx, inst.attachment.java_class)
    matches = ctx.format_matches
    checked = []
    for ov in inst.options:
        info = table[ov.option.name]
        if info is not None and applies(ctx, ov.option):  # info None: unknown-option
            checked.append((ov, info, matches[info.format, ov.value]))
    return checked
