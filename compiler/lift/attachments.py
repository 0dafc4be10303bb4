"""Lift what no construct took: attachments as they are (in document order) and special placements."""

from __future__ import annotations

from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Seq
from compiler.lift.values import as_int, block, flow, line_length, option_rows, options_in_order, options_map
from compiler.model import UnitPlacement
from compiler.model.vocabulary import short_class

LONG = 300


def lift_attachments(lift: Lift) -> Seq:
    """attachments: every attachment not claimed, in document order (conditions refer to earlier ones)."""
    out = Seq()
    for index, a in enumerate(lift.game.attachments):
        if index in lift.claimed:
            continue
        fields: dict[str, Any] = {"name": a.name, "attach_to": a.attach_to,
                                  "class": short_class(a.java_class)}
        if a.type != "unitType":
            fields["type"] = a.type
        if a.foreach is not None:
            fields["foreach"] = a.foreach
        if options_in_order(a.options):
            fields["options"] = flow(options_map(a.options))
        else:
            fields["options"] = option_rows(a.options)
        node = flow(fields)
        # a block (a line per field) only for a long attachment whose XML took three times as many lines
        roomy = 3 * len(fields) <= len(a.options) + 2
        out.append(block(fields) if roomy and line_length(node) > LONG else node)
    return out


def _number(value: str | None) -> Any:
    number = as_int(value)
    return value if number is None else number


def lift_placements(placements: list[UnitPlacement]) -> Seq:
    """placements: units the territories' `units:` cannot say (damaged, unowned, unknown place...)."""
    out = Seq()
    for p in placements:
        fields: dict[str, Any] = {"unit": p.unit_type, "territory": p.territory, "quantity": _number(p.quantity)}
        if p.owner is not None:
            fields["owner"] = p.owner
        if p.hits_taken is not None:
            fields["hits_taken"] = _number(p.hits_taken)
        if p.unit_damage is not None:
            fields["unit_damage"] = _number(p.unit_damage)
        out.append(flow(fields))
    return out
