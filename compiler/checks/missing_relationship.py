"""Every pair of players has a relationship when the game declares relationships.

TripleA gives a pair without one a default (allied inside an alliance, at war otherwise), which
is rarely what a map maker who lists relationships meant.

Failing::

    <relationshipInitialize>
      <relationship type="War" player1="Germans" player2="Russians" roundValue="1"/>
    </relationshipInitialize>   <!-- no relationship between Germans and Americans -->

Passing::

    <relationship type="War" player1="Germans" player2="Russians" roundValue="1"/>
    <relationship type="War" player1="Germans" player2="Americans" roundValue="1"/>
    <relationship type="Allied" player1="Russians" player2="Americans" roundValue="1"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-relationship"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if not g.relationships:
        return
    have = {frozenset((r.player1, r.player2)) for r in g.relationships}
    names = [p.name for p in g.players]
    loc = g.relationships[0].loc
    for i, p1 in enumerate(names):
        for p2 in names[i + 1:]:
            if frozenset((p1, p2)) not in have:
                yield Problem(ID, f"no relationship between '{p1}' and '{p2}' (TripleA will use a default)", loc,
                              SEVERITY)
