"""Each pair of territories is connected once (connections go both ways).

Failing::

    <connection t1="Germany" t2="Poland"/>
    <connection t1="Poland" t2="Germany"/>

Passing::

    <connection t1="Germany" t2="Poland"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "duplicate-connection"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    seen: dict[frozenset[str], Location] = {}
    for c in ctx.model.connections:
        key = frozenset((c.t1, c.t2))
        if key in seen:
            yield Problem(ID, f"'{c.t1}' and '{c.t2}' are already connected (line {seen[key].line})", c.loc, SEVERITY)
        else:
            seen[key] = c.loc
