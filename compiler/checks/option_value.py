"""Attachment option values have the form their option needs.

Whole numbers, true/false (or default), or one of a fixed list of words, as the catalog's value
kind of the option says.

TripleA refuses a game whose option value it cannot convert ("Error setting property").

Failing::

    <option name="movement" value="two"/>
    <option name="isSea" value="yes"/>

Passing::

    <option name="movement" value="2"/>
    <option name="isSea" value="true"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import option_kind
from compiler.checks._numbers import is_int
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "option-value"
SEVERITY = Severity.ERROR


def _bad(kind: str, value: str) -> str | None:
    """Why `value` does not fit `kind`, or None when it does (or when the kind is not checked)."""
    if "$" in value or "@" in value:
        return None
    v = value.strip()
    if kind == "int" and not is_int(v):
        return "a whole number"
    if kind == "int_or_bool" and not is_int(v) and v.lower() not in ("true", "false"):
        return "a whole number or true/false"
    if kind == "bool" and v.lower() not in ("true", "false"):
        return "true or false"
    if kind == "bool_or_default" and v.lower() not in ("true", "false", "default"):
        return "true, false or default"
    if kind.startswith("enum:") and v not in kind[5:].split("|"):
        return "one of " + ", ".join(kind[5:].split("|"))
    return None


def check(ctx: CheckContext) -> Iterator[Problem]:
    for inst in ctx.instances:
        for ov in inst.options:
            kind = option_kind(ctx, inst.attachment.java_class, ov.option.name)
            if kind is None:
                continue
            why = _bad(kind, ov.value)
            if why:
                yield Problem(ID, f"option '{ov.option.name}' needs {why}, not '{ov.value}'", ov.option.loc, SEVERITY)
