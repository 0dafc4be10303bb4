"""No territory is connected to itself.

TripleA refuses to connect a territory to itself.

Failing::

    <connection t1="Germany" t2="Germany"/>

Passing::

    <connection t1="Germany" t2="Poland"/>

How to fix: remove the connection, or correct the misspelled name in it.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "self-connection"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    for c in ctx.model.connections:
        if c.t1 == c.t2:
            yield Problem(ID, f"'{c.t1}' is connected to itself", c.loc, SEVERITY)
