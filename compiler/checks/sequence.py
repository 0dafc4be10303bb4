"""The step sequence is sound.

Delegates are real TripleA delegate classes, maxRunCount is a whole number, and every player takes
part in at least one step.

TripleA refuses a delegate whose javaClass is not one of its delegates. A player that appears in
no step never gets a turn, which is allowed (a passive "Neutral" side) but worth a look.

Failing::

    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegat"/>
    <step name="germanMove" delegate="move" player="Germans" maxRunCount="once"/>

Passing::

    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegate"/>
    <step name="germanMove" delegate="move" player="Germans" maxRunCount="1"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import delegate_known
from compiler.checks._numbers import is_int
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "sequence"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    for d in g.delegates:
        known = delegate_known(ctx, d.java_class)
        if known is False:
            yield Problem(ID, f"'{d.java_class}' is not a TripleA {ctx.engine} delegate class", d.loc, SEVERITY)
    for step in g.steps:
        if step.max_run_count is not None and not is_int(step.max_run_count):
            yield Problem(ID, f"maxRunCount '{step.max_run_count}' of step '{step.name}' is not a whole number",
                          step.loc, SEVERITY)
    if not g.steps:
        return
    playing = {s.player for s in g.steps if s.player}
    for p in g.players:
        if p.name not in playing:
            yield Problem(ID, f"player '{p.name}' takes part in no step of the sequence", p.loc, Severity.WARNING)
