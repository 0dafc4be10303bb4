"""Lift victory conditions: a triggerAttachment<Name> declaring victory, and the conditionAttachment<Name>
(<Name>2, ...) rulesAttachments it needs, each one ownership (the first maybe behind a game property).

Only exact matches of what the `victory` construct lowers to are lifted; their conditions refer to
no other attachment, so lowering them ahead of the pass-through attachments is safe.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Seq
from compiler.lift.objectives import OWNERSHIP, _ownership
from compiler.lift.values import flow
from compiler.model import Attachment
from compiler.model.vocabulary import CONDITION, TRIGGER

_NAME = re.compile(r"[A-Za-z0-9_]+")
_WHEN = re.compile(r"(before|after):\S+")


def _index(lift: Lift) -> dict[tuple[str, str], tuple[int, Attachment]]:
    return {(a.name, a.attach_to): (i, a) for i, a in enumerate(lift.game.attachments)
            if i not in lift.claimed and (a.name, a.attach_to) in lift.unique}


def _condition(a: Attachment, first: bool) -> tuple[Any, str | None] | None:
    """(ownership, game property) of a condition the construct lowers to, or None."""
    if not CONDITION.is_qualified(a.java_class) or a.type != CONDITION.attach_type or a.foreach:
        return None
    options = list(a.options)
    prop = None
    if first and options and options[0].name == "gameProperty" and not options[0].count and options[0].value:
        prop = options.pop(0).value
    if len(options) != 1 or options[0].name not in OWNERSHIP:
        return None
    owns = _ownership(options[0], OWNERSHIP[options[0].name])
    return None if owns is None else (owns, prop)


def _victory(lift: Lift, trigger: Attachment, index: dict[tuple[str, str], tuple[int, Attachment]]) \
        -> tuple[dict[str, Any], list[int]] | None:
    name = TRIGGER.suffix_of(trigger.name) or ""
    if (not _NAME.fullmatch(name) or not TRIGGER.is_qualified(trigger.java_class)
            or trigger.type != TRIGGER.attach_type or trigger.foreach or any(o.count for o in trigger.options)):
        return None
    opts = trigger.options
    names = [o.name for o in opts]
    if (len(opts) < 4 or names[0] != "conditions" or names[-2:] != ["victory", "players"]
            or any(n != "when" for n in names[1:-2]) or not all(_WHEN.fullmatch(o.value) for o in opts[1:-2])):
        return None
    winners = opts[-1].value.split(":")
    conditions = opts[0].value.split(":")
    expected = [CONDITION.default_name(name + (str(i + 1) if i else "")) for i in range(len(conditions))]
    if winners[0] != trigger.attach_to or not all(winners) or conditions != expected:
        return None
    owns, prop, claimed = [], None, []
    for i, cond in enumerate(conditions):
        found = index.get((cond, trigger.attach_to))
        said = _condition(found[1], i == 0) if found else None
        if found is None or said is None:
            return None
        owns.append(said[0])
        prop = prop if i else said[1]
        claimed.append(found[0])
    fields: dict[str, Any] = {"name": name, "winners": flow(winners), "message": opts[-2].value,
                              "owns": owns[0] if len(owns) == 1 else flow(owns),
                              "when": flow([o.value for o in opts[1:-2]])}
    if prop is not None:
        fields["game_property"] = prop
    return fields, claimed


def lift_victory(lift: Lift) -> Seq:
    """victory: each victory trigger (with its conditions) the construct can say exactly."""
    out = Seq()
    index = _index(lift)
    for i, a in enumerate(lift.game.attachments):
        if i in lift.claimed or not TRIGGER.has_default_name(a.name) or (a.name, a.attach_to) not in lift.unique:
            continue
        found = _victory(lift, a, index)
        if found is None:
            continue
        fields, conditions = found
        for c in [*conditions, i]:
            lift.claim(c)
        out.append(flow(fields))
    return out
