"""Lift national objectives: rulesAttachments named objectiveAttachment<Name> that say only what the
`objectives` construct says (value, ownership, enemy exclusion, war state, rounds, uses).

Objectives with `conditions` or other options stay in `attachments:` as they are; the ones lifted
refer to no other attachment, so lowering them ahead of the pass-through attachments is safe.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Seq
from compiler.lift.values import as_int, flow
from compiler.model import Attachment, Option
from compiler.model.vocabulary import OBJECTIVE

_NAME = re.compile(r"[A-Za-z0-9_]+")
OWNERSHIP = {"alliedOwnershipTerritories": True, "directOwnershipTerritories": False}


def _ownership(o: Option, allied: bool) -> dict[str, Any] | None:
    territories = o.value.split(":")
    count = as_int(o.count)  # lowering always writes the count
    if not all(territories) or count is None or count < 1:
        return None
    owns: dict[str, Any] = {"territories": flow(territories)}
    if count != len(territories):
        owns["count"] = count
    if not allied:
        owns["allied"] = False
    return flow(owns)


def _objective(a: Attachment) -> dict[str, Any] | None:
    """The objective an attachment says, or None when the construct cannot say all of it."""
    name = OBJECTIVE.suffix_of(a.name) or ""
    if not _NAME.fullmatch(name) or len({o.name for o in a.options}) != len(a.options) and not _war_pair(a):
        return None
    fields: dict[str, Any] = {"name": name, "player": a.attach_to}
    owns = Seq(flow=False)
    for o in a.options:
        places = o.value.split(":")
        if o.name == "objectiveValue" and not o.count and as_int(o.value) is not None:
            fields["value"] = as_int(o.value)
        elif o.name in OWNERSHIP:
            one = _ownership(o, OWNERSHIP[o.name])
            if one is None:
                return None
            owns.append(one)
        elif o.name == "enemyExclusionTerritories" and o.count == str(len(places)) and all(places):
            fields["no_enemy_units_in"] = flow(places)
        elif o.name == "atWarPlayers" and o.count in ("0", "1") and all(places):
            fields["at_war_with" if o.count == "1" else "not_at_war_with"] = flow(places)
        elif o.name == "rounds" and not o.count and o.value:
            fields["rounds"] = o.value
        elif o.name == "uses" and not o.count and (as_int(o.value) or 0) >= 1:
            fields["uses"] = as_int(o.value)
        else:
            return None
    if "value" not in fields:
        return None
    if owns:
        fields["owns"] = flow(list(owns))
    return fields


def _war_pair(a: Attachment) -> bool:
    """Repeated options are fine only for atWarPlayers once with count 1 and once with count 0."""
    names = [o.name for o in a.options]
    return len(set(names)) == len(names) - 1 and names.count("atWarPlayers") == 2 \
        and sorted(o.count for o in a.options if o.name == "atWarPlayers") == ["0", "1"]


def lift_objectives(lift: Lift) -> Seq:
    """objectives: each national objective the construct can say exactly."""
    out = Seq()
    players = {p.name for p in lift.game.players}
    for index, a in enumerate(lift.game.attachments):
        if (index in lift.claimed or not OBJECTIVE.has_default_name(a.name) or a.type != OBJECTIVE.attach_type
                or a.foreach or not OBJECTIVE.is_qualified(a.java_class) or (a.name, a.attach_to) not in lift.unique
                or a.attach_to not in players):
            continue
        fields = _objective(a)
        if fields is not None:
            lift.claim(index)
            out.append(flow(fields))
    return out
