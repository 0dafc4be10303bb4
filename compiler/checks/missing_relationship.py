"""Every pair of players has a relationship when the game declares relationships for both.

TripleA gives a pair without one the default of their alliances: allied when they share an alliance, at war
otherwise. A player the relationships never name is left to those defaults on purpose (a neutral side, a
player added for the AI), and is not reported; a pair missing among players the game otherwise lists is
usually a forgotten line.

Failing::

    <relationshipInitialize>
      <relationship type="War" player1="Germans" player2="Russians" roundValue="1"/>
      <relationship type="War" player1="Germans" player2="Americans" roundValue="1"/>
    </relationshipInitialize>   <!-- none between Russians and Americans -->

Passing::

    <relationship type="War" player1="Germans" player2="Russians" roundValue="1"/>
    <relationship type="War" player1="Germans" player2="Americans" roundValue="1"/>
    <relationship type="Allied" player1="Russians" player2="Americans" roundValue="1"/>

How to fix: add the missing <relationship> to <relationshipInitialize>, or leave both players out of it if the
alliance defaults are meant.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-relationship"
SEVERITY = Severity.WARNING


def _default(ctx: CheckContext, p1: str, p2: str) -> str:
    """The relationship TripleA gives a pair without one."""
    shared = set(ctx.model.alliances_of(p1)) & set(ctx.model.alliances_of(p2))
    return "allied (they share an alliance)" if shared else "at war (they share no alliance)"


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if not g.relationships:
        return
    have = {frozenset((r.player1, r.player2)) for r in g.relationships}
    listed = {name for r in g.relationships for name in (r.player1, r.player2)}
    names = [p.name for p in g.players if p.name in listed]
    loc = g.relationships[0].loc
    for i, p1 in enumerate(names):
        for p2 in names[i + 1:]:
            if frozenset((p1, p2)) not in have:
                yield Problem(ID, f"no relationship between '{p1}' and '{p2}': TripleA makes them "
                                  f"{_default(ctx, p1, p2)}", loc, SEVERITY)
