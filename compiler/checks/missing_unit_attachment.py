"""Every unit type has a unitAttachment.

TripleA's game validation refuses a game with a unit type that has no unitAttachment. TripleA 2.x
looks it up by its exact name, `unitAttachment`, and class UnitAttachment (any package) on the
unit type: an attachment named `UnitAttachment`, or of another class, or attached to a territory,
does not count.

Failing::

    <unit name="tank"/>   <!-- and no attachment attachTo="tank" type="unitType" -->

Passing::

    <attachment name="unitAttachment" attachTo="tank"
                javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">
      <option name="movement" value="2"/>
    </attachment>

How to fix: give every unit type an attachment named exactly `unitAttachment`, of class UnitAttachment, with
type="unitType" (an empty one is enough).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.model.vocabulary import UNIT
from compiler.problems import Problem, Severity

ID = "missing-unit-attachment"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if ctx.expanded[1]:
        return  # a broken foreach hides which units get attachments
    if ctx.engine == "2.x":
        have = {inst.attach_to for inst in ctx.of_class(UNIT)
                if UNIT.is_named(inst.name) and UNIT.describes(inst.attachment)}
    else:
        have = set(ctx.unit_options)
    locs = g.unit_type_locs or [g.loc] * len(g.unit_types)
    for name, loc in zip(g.unit_types, locs, strict=False):
        if name not in have:
            yield Problem(ID, f"unit type '{name}' has no {UNIT.name} (an attachment named '{UNIT.name}' "
                              f"of class {UNIT.java_class}): TripleA refuses the game", loc, SEVERITY)
