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

from compiler.checks._catalog import OptionTable, option_status, option_table
from compiler.checks.context import CheckContext
from compiler.model.vocabulary import simple_class
from compiler.problems import Problem, Severity

ID = "unknown-option"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    cache: dict[tuple[str, str, str], tuple[str, str] | None] = {}
    skips_empty = ctx.engine == "2.x"
    tables: dict[str, OptionTable | None] = {}  # None: a class unknown-attachment-class reports
    for att in ctx.model.attachments:
        java_class = att.java_class
        if java_class not in tables:
            known_class = ctx.catalog.attachment_class(java_class) is not None
            tables[java_class] = option_table(ctx, java_class) if known_class else None
        known = tables[java_class]
        if known is None:
            continue
        for opt in att.options:
            if (skips_empty and not (opt.name and opt.value)) or known[opt.name] is not None:
                continue
            key = (java_class, opt.name, opt.value)
            if key not in cache:
                cache[key] = option_status(ctx, att.java_class, opt.name, opt.value)
            status = cache[key]
            if status is None or status[0] == "ok":
                continue
            kind, detail = status
            short = simple_class(att.java_class)
            if kind == "needs":
                message = f"option '{opt.name}' of {short} needs {detail}"
            elif kind == "read-only":
                message = f"option '{opt.name}' of {short} is read-only: TripleA {ctx.line} refuses to set it"
            else:
                message = f"unknown option '{opt.name}' for {short}{detail}"
            yield Problem(ID, message, opt.loc, SEVERITY)
