"""Every player takes part in at least one step of the sequence.

A player that appears in no step never gets a turn: TripleA allows it (a passive "Neutral" side),
but it is worth a look.

Failing::

    <player name="Germans" optional="false"/>
    <player name="Italians" optional="false"/>
    <step name="germanMove" delegate="move" player="Germans"/>

Passing::

    <player name="Germans" optional="false"/>
    <step name="germanMove" delegate="move" player="Germans"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "player-without-step"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if not g.steps:
        return
    playing = {s.player for s in g.steps if s.player}
    for p in g.players:
        if p.name not in playing:
            yield Problem(ID, f"player '{p.name}' takes part in no step of the sequence", p.loc, SEVERITY)
