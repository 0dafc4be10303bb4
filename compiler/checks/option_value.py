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
    kinds: dict[str, dict[str, str | None]] = {}  # java class -> option -> value kind
    verdicts: dict[tuple[str, str], str | None] = {}
    for inst in ctx.instances:
        java_class = inst.attachment.java_class
        of_class = kinds.get(java_class)
        if of_class is None:
            of_class = kinds[java_class] = {}
        for ov in inst.options:
            name = ov.option.name
            kind = of_class.get(name, "")
            if kind == "":
                kind = of_class[name] = option_kind(ctx, java_class, name)
            if kind is None:
                continue
            value = ov.value
            verdict = (kind, value)
            why = verdicts.get(verdict, "")
            if why == "":
                why = verdicts[verdict] = _bad(kind, value)
            if why:
                yield Problem(ID, f"option '{name}' needs {why}, not '{value}'", ov.option.loc, SEVERITY)
