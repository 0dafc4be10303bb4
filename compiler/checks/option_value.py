"""Attachment option values have the form their option's setter accepts.

TripleA 2.x: every option has a value format in the catalog (compiler.catalog.formats): whole numbers
and their ranges, true/false, fixed words, the fields of structured values such as `2:PUs` or
`Germans:Russians:war`, and places (a territory or a territory effect). TripleA refuses the game when a
setter throws. The names a value uses are checked by the unknown-* checks (unknown-unit ...), the
attachments it names by option-order. An option with an empty value is skipped by TripleA, as are
takeUnitControl and giveUnitControl=true/false.

TripleA 1.9: the catalog's value kind of the option (numbers, true/false, fixed words).

Failing::

    <option name="movement" value="two"/>
    <option name="fuelCost" value="PUs" count="-1"/>

Passing::

    <option name="movement" value="2"/>
    <option name="fuelCost" value="PUs" count="1"/>
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from compiler.catalog.values import option_problem
from compiler.checks._attachments import Checked, checked_options
from compiler.checks._catalog import option_table
from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance, OptionValue
from compiler.model.vocabulary import simple_class
from compiler.problems import Problem, Severity

ID = "option-value"
SEVERITY = Severity.ERROR


def _places(ctx: CheckContext) -> set[str]:
    """What a `place` names: a territory, or a territory effect (meaning every territory with it)."""
    return ctx.territories | set(ctx.model.territory_effects)


def check(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.engine == "2.x":
        yield from _check_2x(ctx)
        return
    verdicts: dict[tuple[str, str], str | None] = {}
    for inst in ctx.instances:
        known = option_table(ctx, inst.attachment.java_class)
        for ov in inst.options:
            info = known[ov.option.name]
            if info is None or "$" in ov.value or "@" in ov.value:
                continue
            key = (info.kind, ov.value)
            if key not in verdicts:
                verdicts[key] = option_problem(info, ov.value.strip())
            if verdicts[key]:
                yield Problem(ID, f"option '{ov.option.name}': {verdicts[key]}", ov.option.loc, SEVERITY)


def _check_2x(ctx: CheckContext) -> Iterator[Problem]:
    places: set[str] | None = None
    findings_of = partial(_findings, line=ctx.line)  # the memo of an instance is the release line's
    for inst, findings in zip(ctx.instances, ctx.per_instance_with("option values", checked_options(ctx), findings_of),
                              strict=True):
        for found in findings:
            if isinstance(found, Problem):
                yield found
                continue
            places = _places(ctx) if places is None else places
            ov, name = found
            if name not in places:
                yield Problem(ID, f"TripleA {ctx.line} refuses {_where(inst, ov)}: '{name}' is neither a "
                                  "territory nor a territory effect", ov.option.loc, SEVERITY)


def _findings(inst: AttachmentInstance, checked: list[Checked], line: str) -> list[Problem | tuple[OptionValue, str]]:
    """In order, the problem of each ill-formed value of one instance, and (option, place) for each place a
    well-formed value names: a function of the instance and the catalog (whether a place is the game's is
    asked by the caller)."""
    out: list[Problem | tuple[OptionValue, str]] = []
    for ov, _, result in checked:
        if result.problem:
            out.append(Problem(ID, f"TripleA {line} refuses {_where(inst, ov)} = '{ov.value}': {result.problem}",
                               ov.option.loc, SEVERITY))
        else:
            out += [(ov, name) for kind, name in result.names if kind == "place"]
    return out


def _where(inst: AttachmentInstance, ov: OptionValue) -> str:
    return f"option '{ov.option.name}' of {simple_class(inst.attachment.java_class)} '{inst.name}'"
