"""Initial set-up is sound: whole-number quantities, damage in range, no negative resources.

TripleA refuses quantities that are not whole numbers. TripleA 2.x also refuses a unitPlacement
whose `hitsTaken` is not between 0 and the unit type's hitPoints minus one, a negative
`unitDamage`, and a negative resourceGiven quantity (1.9 accepts it: a warning). A negative
unitPlacement quantity is negative-placement; a territory owned twice is duplicate-owner.

Failing::

    <unitPlacement unitType="infantry" territory="Germany" quantity="three" owner="Germans"/>
    <unitPlacement unitType="infantry" territory="Germany" quantity="1" owner="Germans" hitsTaken="1"/>
    <resourceGiven player="Germans" resource="PUs" quantity="-5"/>

Passing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <unitPlacement unitType="infantry" territory="Germany" quantity="3" owner="Germans"/>

How to fix: write whole numbers, a hitsTaken between 0 and the unit's hitPoints minus one, a unitDamage of 0
or more, and no negative resourceGiven.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._numbers import is_int, whole_number
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "placement"
SEVERITY = Severity.ERROR


def _hit_points(ctx: CheckContext, unit: str) -> int:
    value = ctx.unit_options.get(unit, {}).get("hitPoints")
    return int(value) if value and is_int(value) else 1


def _formats(ctx: CheckContext) -> Iterator[Problem]:
    """Quantities that are not whole numbers (the XML reader reports those itself for a parsed game)."""
    g = ctx.model
    for u in g.unit_placements:
        for attr, value in (("quantity", u.quantity), ("hitsTaken", u.hits_taken), ("unitDamage", u.unit_damage)):
            if value and not is_int(value):
                yield Problem(ID, f"{attr} '{value}' of a unitPlacement is not a whole number", u.loc, SEVERITY)
    for entries, label in ((g.held_units, "heldUnits"), (g.resources_given, "resourceGiven")):
        for e in entries:
            if e.quantity and not is_int(e.quantity):
                yield Problem(ID, f"quantity '{e.quantity}' of {label} is not a whole number", e.loc, SEVERITY)


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if ctx.root is None:
        yield from _formats(ctx)
    strict = ctx.engine == "2.x"
    for u in g.unit_placements:
        hits = whole_number(u.hits_taken)
        if hits is not None and u.unit_type in ctx.units and strict:
            top = _hit_points(ctx, u.unit_type) - 1
            if not 0 <= hits <= top:
                yield Problem(ID, f"hitsTaken {hits} of a unitPlacement of '{u.unit_type}' is outside 0..{top} "
                                  "(the unit's hitPoints - 1): TripleA 2.x refuses it", u.loc, SEVERITY)
        elif hits is not None and hits < 0:
            yield Problem(ID, "hitsTaken of a unitPlacement cannot be negative", u.loc, SEVERITY)
        damage = whole_number(u.unit_damage)
        if damage is not None and damage < 0:
            yield Problem(ID, f"unitDamage {damage} of a unitPlacement of '{u.unit_type}' is negative: TripleA "
                              "refuses it", u.loc, SEVERITY)
    for r in g.resources_given:
        quantity = whole_number(r.quantity)
        if quantity is not None and quantity < 0:
            yield Problem(ID, f"resourceGiven of '{r.resource}' to '{r.player}' is negative ({quantity}): TripleA "
                              "refuses it ('quantity must be positive')", r.loc,
                          SEVERITY if strict else Severity.WARNING)
