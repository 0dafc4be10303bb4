"""Every pair of players has an initial relationship (the validator's missing-relationship, stricter:
a spec states them all, even when it states none).

TripleA fills a missing pair from the alliances, allied within one and at war between, which real
maps rely on: a warning.

Failing::

    players: {Germans: {alliance: Axis}, Russians: {alliance: Allies}, Americans: {alliance: Allies}}
    relationships: {pairs: [[Germans, Russians, War]]}

Passing::

    relationships: {within: Allied, between: War}
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "missing-relationship"
SEVERITY = Severity.WARNING


def check(ctx: SpecContext) -> Iterator[Problem]:
    spec = ctx.spec
    have = {frozenset((r.player1, r.player2)) for r in ctx.model.relationships}
    loc = spec.where("relationships") if spec.relationships else spec.where("players")
    for a, b in combinations(spec.players, 2):
        if frozenset((a, b)) not in have:
            yield Problem(ID, f"no relationship between '{a}' and '{b}' (set relationships: within/between or a "
                              "pair; TripleA falls back to allied within an alliance, war between)", loc, SEVERITY)
