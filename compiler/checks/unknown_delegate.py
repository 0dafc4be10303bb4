"""Every step of the sequence names a declared delegate.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <step name="germanPurchase" delegate="purchas" player="Germans"/>

Passing::

    <delegate name="purchase" javaClass="games.strategy.triplea.delegate.PurchaseDelegate"/>
    <step name="germanPurchase" delegate="purchase" player="Germans"/>

How to fix: correct the step's `delegate`, or declare the <delegate> it names in <gamePlay>.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-delegate"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"delegate": "delegate"}, {d.name for d in ctx.model.delegates})
