"""The step sequence is sound: delegates are TripleA delegate classes, maxRunCount is a whole number.

TripleA refuses a delegate whose javaClass is not one of its delegates, and a step whose
maxRunCount is not a whole number. A player in no step is player-without-step.

Failing::

    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegat"/>
    <step name="germanMove" delegate="move" player="Germans" maxRunCount="once"/>

Passing::

    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegate"/>
    <step name="germanMove" delegate="move" player="Germans" maxRunCount="1"/>

How to fix: use a delegate class of TripleA (games.strategy.triplea.delegate...) and a whole-number
maxRunCount.
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
