"""Every attachment option exists for its attachment class in the target TripleA version.

TripleA refuses an option its attachment class does not have, and (2.x) one it can only read, such as
a RulesAttachment's `countEach` ("Missing property definition", "No String Setter"). 2.x first
lower-cases the name's first letter and maps legacy names (isParatroop, turns ...); it skips an option
whose value is empty, takeUnitControl, and giveUnitControl=true/false. Under `--engine 1.9`, options
that only TripleA 2.x has say so.

Failing::

    <attachment name="unitAttachment" attachTo="tank" javaClass="...UnitAttachment">
      <option name="movment" value="2"/>
    </attachment>

Passing::

    <option name="movement" value="2"/>

How to fix: correct the option's name (the message suggests the closest the class has), move it to the
attachment class that has it, or remove it.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from compiler.checks._catalog import OptionTable, option_status, option_table
from compiler.checks.context import CheckContext
from compiler.model import game as m
from compiler.model.vocabulary import simple_class
from compiler.problems import Problem, Severity

ID = "unknown-option"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    for problems in ctx.derived_each("unknown options", ctx.model.attachments, partial(_problems, ctx)):
        yield from problems


def _problems(ctx: CheckContext, att: m.Attachment) -> list[Problem]:
    """The unknown options of one attachment (a function of it and the catalog; none for a class the catalog
    does not know: unknown-attachment-class reports that)."""
    java_class = att.java_class
    tables = ctx.shared(_tables)
    if java_class not in tables:
        tables[java_class] = (option_table(ctx, java_class)
                              if ctx.catalog.attachment_class(java_class) is not None else None)
    known = tables[java_class]
    if known is None:
        return []
    skips_empty = ctx.engine == "2.x"
    statuses = ctx.shared(_statuses)
    out = []
    for opt in att.options:
        if (skips_empty and not (opt.name and opt.value)) or known[opt.name] is not None:
            continue
        key = (java_class, opt.name, opt.value)
        if key not in statuses:
            statuses[key] = option_status(ctx, java_class, opt.name, opt.value)
        status = statuses[key]
        if status is None or status[0] == "ok":
            continue
        kind, detail = status
        short = simple_class(java_class)
        if kind == "needs":
            message = f"option '{opt.name}' of {short} needs {detail}"
        elif kind == "read-only":
            message = f"option '{opt.name}' of {short} is read-only: TripleA {ctx.line} refuses to set it"
        else:
            message = f"unknown option '{opt.name}' for {short}{detail}"
        out.append(Problem(ID, message, opt.loc, SEVERITY))
    return out


def _tables(ctx: CheckContext) -> dict[str, OptionTable | None]:
    """java class -> its option table, None for a class the catalog does not know: asked once per game."""
    return {}


def _statuses(ctx: CheckContext) -> dict[tuple[str, str, str], tuple[str, str] | None]:
    """(class, option, value) -> option_status of it: asked once per game."""
    return {}
