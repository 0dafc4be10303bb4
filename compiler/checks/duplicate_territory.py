"""A territory is declared once.

TripleA refuses a game that declares a second territory of the same name.

Failing::

    <territory name="Germany"/>
    <territory name="Germany"/>

Passing::

    <territory name="Germany"/>
    <territory name="Western Germany"/>

How to fix: remove the repeated <territory>, or rename one of the two.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._duplicates import repeated
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "duplicate-territory"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    for name, loc, first in repeated((t.name, t.loc) for t in ctx.model.territories):
        yield Problem(ID, f"territory '{name}' is declared twice (first at line {first.line})", loc, SEVERITY)
