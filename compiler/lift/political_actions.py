"""Lift political actions: PoliticalActionAttachments named politicalActionAttachment<Name> on a player.

Lowering puts the actions after every other attachment, so an action is lifted only when each
condition it names is defined before it in the document (then it is defined before it after lowering
too). Options the construct has no field for, or says differently, stay verbatim in `options:`.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Seq
from compiler.lift.values import as_int, flow, native, options_map
from compiler.model import Attachment, Option
from compiler.model.vocabulary import POLITICAL_ACTION

_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_CONDITION_TYPE = re.compile(r"AND|OR|XOR|[0-9]+(-[0-9]+)?")
FIELDS = {"conditionType": "condition_type", "invert": "invert", "attemptsPerTurn": "attempts_per_turn",
          "actionAccept": "accept", "text": "text", "chance": "chance"}  # option -> field, said once each


def _names(value: str) -> list[str] | None:
    names = value.split(":")
    return names if all(names) else None


def _change(value: str) -> Any:
    parts = value.split(":")
    if len(parts) != 3 or not all(parts):
        return None
    return flow({"players": flow(parts[:2]), "to": parts[2]})


def _field(name: str, o: Option) -> Any:
    """The construct's value of option `o` (said once, without count), or None to keep it verbatim."""
    value = o.value
    if name == "conditionType":
        return native(value) if _CONDITION_TYPE.fullmatch(value) else None
    if name == "invert":
        return value == "true" if value in ("true", "false") else None
    if name == "attemptsPerTurn":
        number = as_int(value)
        return number if number is not None and number >= 0 else None
    if name == "actionAccept":
        names = _names(value)
        return flow(names) if names else None
    if name in ("text", "chance"):
        return value
    return None


def _cost(groups: dict[str, list[Option]]) -> dict[str, int]:
    """cost: costPU said once as a number, and each costResources N:Resource of another resource once."""
    cost: dict[str, int] = {}
    pus = groups.get("costPU", [])
    amount_pus = as_int(pus[0].value) if len(pus) == 1 and not pus[0].count else None
    if amount_pus is not None:
        cost["PUs"] = amount_pus
        del groups["costPU"]
    kept = []
    for o in groups.get("costResources", []):
        amount, _, resource = o.value.partition(":")
        number = as_int(amount)
        if o.count or number is None or not resource or ":" in resource or resource == "PUs" or resource in cost:
            kept.append(o)
        else:
            cost[resource] = number
    if "costResources" in groups:
        groups["costResources"] = kept
    return cost


def _action(a: Attachment, defined: set[str]) -> dict[str, Any] | None:
    """The action an attachment says, or None when lowering the construct would not give it back (or would
    move it after a condition it names)."""
    name = POLITICAL_ACTION.suffix_of(a.name) or ""
    if not _NAME.fullmatch(name):
        return None
    groups: dict[str, list[Option]] = {}
    for o in a.options:
        groups.setdefault(o.name, []).append(o)
    fields: dict[str, Any] = {"name": name, "player": a.attach_to}
    conditions = groups.get("conditions", [])
    named = [_names(o.value) for o in conditions]
    if any(names is None or not set(names) <= defined for names in named):
        return None
    first = named[0] if len(named) == 1 else None
    if first is not None and not conditions[0].count:  # repeated, they stay verbatim (TripleA adds them up)
        fields["conditions"] = flow(first)
        del groups["conditions"]
    changes = [_change(o.value) if not o.count else None for o in groups.pop("relationshipChange", [])]
    if not changes or None in changes:
        return None
    fields["changes"] = flow(changes) if len(changes) == 1 else Seq(changes)
    cost = _cost(groups)
    for option, field in FIELDS.items():
        group = groups.get(option, [])
        value = _field(option, group[0]) if len(group) == 1 and not group[0].count else None
        if value is not None:
            fields[field] = value
            del groups[option]
    if cost:
        fields["cost"] = flow(cost)
    rest = [o for group in groups.values() for o in group]
    if rest:
        fields["options"] = flow(options_map(rest))
    order = ["name", "player", "changes", "conditions", "condition_type", "invert", "cost", "attempts_per_turn",
             "accept", "text", "chance", "options"]
    return {key: fields[key] for key in order if key in fields}


def lift_political_actions(lift: Lift) -> Seq:
    """politics.actions: every political action whose conditions are defined before it."""
    out = Seq()
    players = {p.name for p in lift.game.players}
    defined: set[str] = set()
    for index, a in enumerate(lift.game.attachments):
        if (index not in lift.claimed and POLITICAL_ACTION.is_qualified(a.java_class)
                and POLITICAL_ACTION.has_default_name(a.name) and a.type == POLITICAL_ACTION.attach_type
                and a.foreach is None and (a.name, a.attach_to) in lift.unique
                and a.attach_to in players):
            fields = _action(a, defined)
            if fields is not None:
                lift.claim(index)
                out.append(flow(fields))
        defined.add(a.name)
    return out
