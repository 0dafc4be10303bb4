"""Every territory has at least one connection.

A territory without connections can never be entered or left: usually a forgotten connection or
a misspelled name in one. (Maps sometimes keep unconnected territories for display, such as
income trackers: then the warning is expected.)

Failing::

    <territory name="Atlantis"/>   <!-- no connection names Atlantis -->

Passing::

    <territory name="Atlantis"/> <connection t1="Atlantis" t2="1 Sea Zone"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "isolated-territory"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if not g.connections:
        return
    borders = ctx.map
    for t in g.territories:
        if not borders.connected(t.name):
            yield Problem(ID, f"territory '{t.name}' has no connection", t.loc, SEVERITY)
