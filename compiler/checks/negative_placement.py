"""A unitPlacement places a quantity that is not negative.

TripleA places nothing for a negative quantity and says nothing.

Failing::

    <unitPlacement unitType="infantry" territory="Germany" quantity="-3" owner="Germans"/>

Passing::

    <unitPlacement unitType="infantry" territory="Germany" quantity="3" owner="Germans"/>

How to fix: write the quantity meant (0 or more), or remove the placement.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._numbers import whole_number
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "negative-placement"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    for u in ctx.model.unit_placements:
        quantity = whole_number(u.quantity)
        if quantity is not None and quantity < 0:
            yield Problem(ID, f"a unitPlacement of '{u.unit_type}' has a negative quantity (TripleA places nothing)",
                          u.loc, SEVERITY)
