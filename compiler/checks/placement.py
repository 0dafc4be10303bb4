"""Initial set-up is sound: whole-number quantities, one initial owner per territory.

TripleA refuses quantities that are not whole numbers. Owning a territory twice keeps the last
owner only.

Failing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <territoryOwner territory="Germany" owner="Russians"/>
    <unitPlacement unitType="infantry" territory="Germany" quantity="three" owner="Germans"/>

Passing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <unitPlacement unitType="infantry" territory="Germany" quantity="3" owner="Germans"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._numbers import is_int
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "placement"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    owners: dict[str, Location] = {}
    for o in g.territory_owners:
        if o.territory in owners:
            first = owners[o.territory].line
            yield Problem(ID, f"territory '{o.territory}' gets an owner twice (first at line {first})", o.loc,
                          Severity.WARNING)
        owners[o.territory] = o.loc
    for u in g.unit_placements:
        for attr, value in (("quantity", u.quantity), ("hitsTaken", u.hits_taken), ("unitDamage", u.unit_damage)):
            if (value is not None or attr == "quantity") and not is_int(value):
                yield Problem(ID, f"{attr} '{value}' of a unitPlacement is not a whole number", u.loc, SEVERITY)
            elif value is not None and int(value) < 0:
                yield Problem(ID, f"{attr} of a unitPlacement cannot be negative", u.loc, SEVERITY)
    for h in g.held_units:
        if not is_int(h.quantity):
            yield Problem(ID, f"quantity '{h.quantity}' of heldUnits is not a whole number", h.loc, SEVERITY)
    for r in g.resources_given:
        if not is_int(r.quantity):
            yield Problem(ID, f"quantity '{r.quantity}' of resourceGiven is not a whole number", r.loc, SEVERITY)
