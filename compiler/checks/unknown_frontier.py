"""Every frontier a playerProduction or playerRepair names is declared.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <playerProduction player="Germans" frontier="germanProduction"/>  <!-- no such frontier -->

Passing::

    <productionFrontier name="germanProduction">...</productionFrontier>
    <playerProduction player="Germans" frontier="germanProduction"/>

How to fix: correct the frontier's name, or declare the <productionFrontier> (<repairFrontier>) it names.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-frontier"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    yield from unknown_refs(
        ctx, ID, {"production-frontier": "production frontier"}, {f.name for f in g.production_frontiers}
    )
    yield from unknown_refs(ctx, ID, {"repair-frontier": "repair frontier"}, {f.name for f in g.repair_frontiers})
