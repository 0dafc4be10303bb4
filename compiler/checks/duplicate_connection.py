"""Each pair of territories is connected once (connections go both ways).

TripleA keeps a territory's neighbours as a set, so a connection declared twice (in either direction) is
the same connection: harmless to play, but a trap when editing the map (deleting one copy keeps the
connection). Such repeats often come by the hundred from a block of connections pasted twice, so the check
sums them up in one warning per game, at the first repeat, with the lines of the next few.

Failing::

    <connection t1="Germany" t2="Poland"/>
    <connection t1="Poland" t2="Germany"/>

Passing::

    <connection t1="Germany" t2="Poland"/>

How to fix: remove the repeated connections (the message lists the first lines); each pair needs one, in
either direction.
Fix: safe. `validate --fix` removes every repeat and keeps the first (with its line when nothing else stands on
it); TripleA reads the same map.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._duplicates import Repeat, repeats_summary
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "duplicate-connection"
SEVERITY = Severity.WARNING
EFFECT = "TripleA keeps each connection once: no change in play, but deleting one copy would keep the connection"


def repeats(ctx: CheckContext) -> list[Repeat]:
    """Every connection whose pair of territories an earlier connection already joins."""
    seen: dict[frozenset[str], Location] = {}
    found = []
    for c in ctx.model.connections:
        key = frozenset((c.t1, c.t2))
        if key in seen:
            found.append(Repeat(f"the connection of '{c.t1}' and '{c.t2}'", c.loc, seen[key]))
        else:
            seen[key] = c.loc
    return found


def check(ctx: CheckContext) -> Iterator[Problem]:
    summary = repeats_summary(ID, SEVERITY, repeats(ctx), "connections", EFFECT)
    if summary is not None:
        yield summary
