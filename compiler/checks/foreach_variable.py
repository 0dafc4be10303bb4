"""Attachment `foreach` expressions name declared variables of matching lengths.

`foreach="$a$:$b$"` walks a and b together (they need the same number of elements);
`foreach="$a$^$b$"` walks every pair; at most one `^`. TripleA refuses anything else.

Failing::

    <variable name="Axis"><element name="Germans"/><element name="Japanese"/></variable>
    <attachment foreach="$Axis$:$Capitals$" .../>   <!-- Capitals has 3 elements -->

Passing::

    <attachment foreach="$Axis$^$Capitals$" name="..." attachTo="@Axis@" .../>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "foreach-variable"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    for att, message in ctx.expanded[1]:
        yield Problem(ID, message, att.loc, SEVERITY)
