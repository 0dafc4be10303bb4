"""The differences between what TripleA built from a game XML and what we read (two views, see triplea_view.py),
each named: its kind (the view's key: steps, attachments, properties, ...) and what differs."""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from typing import Any, NamedTuple

# the view's keys by how they compare: in order, as sets (sorted lists), as maps
SEQUENCES = ("territories", "players", "resources", "unitTypes", "steps", "technologies")
SETS = ("connections", "alliances", "relationshipTypes", "attachments", "units")
MAPS = ("productionRules", "repairRules", "productionFrontiers", "repairFrontiers", "playerProduction",
        "playerRepair", "playerTechs", "properties", "owners", "heldUnits", "playerResources")
VALUES = ("diceSides",)
KINDS = SEQUENCES + SETS + MAPS + VALUES
SHOWN = 3  # items quoted per difference


class Difference(NamedTuple):
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


def _show(items: list[Any]) -> str:
    quoted = ", ".join(json.dumps(i, ensure_ascii=False) for i in items[:SHOWN])
    return quoted + (f" (+{len(items) - SHOWN} more)" if len(items) > SHOWN else "")


def _sequence(kind: str, theirs: list[Any], ours: list[Any]) -> list[Difference]:
    if theirs == ours:
        return []
    if sorted(map(json.dumps, theirs)) == sorted(map(json.dumps, ours)):
        return [Difference(kind, f"the same {len(theirs)} in another order")]
    found = [Difference(kind, f"TripleA has {len(theirs)}, we read {len(ours)}")] if len(theirs) != len(ours) else []
    matcher = SequenceMatcher(None, [json.dumps(i) for i in theirs], [json.dumps(i) for i in ours], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        where = f"at #{i1 + 1}"
        if tag == "delete":
            found.append(Difference(kind, f"{where} only TripleA has {_show(theirs[i1:i2])}"))
        elif tag == "insert":
            found.append(Difference(kind, f"{where} only we have {_show(ours[j1:j2])}"))
        else:
            found.append(Difference(kind, f"{where} TripleA has {_show(theirs[i1:i2])}, we {_show(ours[j1:j2])}"))
    return found


def _set(kind: str, theirs: list[Any], ours: list[Any]) -> list[Difference]:
    if theirs == ours:
        return []
    mine = {json.dumps(i) for i in ours}
    its = {json.dumps(i) for i in theirs}
    found = []
    if its - mine:
        found.append(Difference(kind, f"only TripleA has {_show([json.loads(i) for i in sorted(its - mine)])}"))
    if mine - its:
        found.append(Difference(kind, f"only we have {_show([json.loads(i) for i in sorted(mine - its)])}"))
    return found


def _map(kind: str, theirs: dict[str, Any], ours: dict[str, Any]) -> list[Difference]:
    if theirs == ours:
        return []
    found = []
    if theirs.keys() - ours.keys():
        found.append(Difference(kind, f"only TripleA has {_show(sorted(theirs.keys() - ours.keys()))}"))
    if ours.keys() - theirs.keys():
        found.append(Difference(kind, f"only we have {_show(sorted(ours.keys() - theirs.keys()))}"))
    for key in sorted(theirs.keys() & ours.keys()):
        if theirs[key] != ours[key]:
            found.append(Difference(kind, f"{json.dumps(key, ensure_ascii=False)}: TripleA {_show([theirs[key]])}, "
                                          f"we {_show([ours[key]])}"))
    return found


def differences(theirs: dict[str, Any], ours: dict[str, Any]) -> list[Difference]:
    """Every difference between TripleA's view and ours, kind by kind (KINDS)."""
    found: list[Difference] = []
    for kind in SEQUENCES:
        found += _sequence(kind, theirs[kind], ours[kind])
    for kind in SETS:
        found += _set(kind, theirs[kind], ours[kind])
    for kind in MAPS:
        found += _map(kind, theirs[kind], ours[kind])
    for kind in VALUES:
        if theirs[kind] != ours[kind]:
            found.append(Difference(kind, f"TripleA {theirs[kind]}, we {ours[kind]}"))
    return found
