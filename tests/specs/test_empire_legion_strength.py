"""Empire's legions in battle: the strength each troop fights at, from the compiled supports.

Supports are applied as TripleA's combat calculator does: friendly supports whose `side` is the
receiver's side, enemy supports whose `side` is the giver's side; within one bonus type a unit
takes at most `count` bonuses, each from a different supporter with support left (`number` each).
Document lines 18, 52, 58, 64, 66 (legions, excess troops without strength), 72-76 and 90 (strengths),
51 (a fortified city's wall, also against bombarding warships).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from specs_helpers import compiled

from compiler.model import GameModel

Army = dict[str, int]


@dataclass(frozen=True)
class Support:
    giver: str
    types: frozenset[str]
    allied: bool
    enemy: bool
    sides: frozenset[str]
    bonus: int
    number: int
    bonus_type: str
    per_unit: int


def supports(model: GameModel) -> list[Support]:
    found = []
    for a in model.attachments:
        if not a.java_class.endswith("UnitSupportAttachment"):
            continue
        opts = {o.name: o.value for o in a.options}
        count, _, name = opts.get("bonusType", "").rpartition(":")
        faction = opts["faction"].split(":")
        found.append(Support(a.attach_to, frozenset(opts["unitType"].split(":")), "allied" in faction,
                             "enemy" in faction, frozenset(opts["side"].split(":")), int(opts["bonus"]),
                             int(opts["number"]), name, int(count or 1)))
    return found


def strengths(model: GameModel, side: str, troops: Army, own: Army, enemy: Army) -> dict[str, list[int]]:
    """Each troop's strength on `side` (offence/defence) beside `own` units, against `enemy` units."""
    base = {t: int(next(o.value for a in model.attachments if a.name == "unitAttachment" and a.attach_to == t
                        for o in a.options if o.name == ("attack" if side == "offence" else "defense")))
            for t in troops}
    other = "defence" if side == "offence" else "offence"
    contexts = []
    for givers, allied, giving_side in ((own, True, side), (enemy, False, other)):
        rules = [s for s in supports(model) if givers.get(s.giver) and giving_side in s.sides
                 and (s.allied if allied else s.enemy)]
        left = {(i, k): r.number for i, r in enumerate(rules) for k in range(givers[r.giver])}
        contexts.append((rules, left))
    result: dict[str, list[int]] = {}
    for troop, n in troops.items():
        for _ in range(n):
            value = base[troop]
            for rules, left in contexts:
                taken: dict[str, int] = {}
                for i, rule in enumerate(rules):
                    if troop not in rule.types:
                        continue
                    for key in [k for k in left if k[0] == i and left[k] > 0]:
                        if taken.get(rule.bonus_type, 0) >= rule.per_unit:
                            break
                        left[key] -= 1
                        taken[rule.bonus_type] = taken.get(rule.bonus_type, 0) + 1
                        value += rule.bonus
            result.setdefault(troop, []).append(value)
    return result


CASES = [  # side, troops, own leaders, enemy units, expected strengths
    ("offence", {"infantry": 8}, {"general": 1}, {"infantry": 3}, {"infantry": [2] * 6 + [0] * 2}),
    ("offence", {"cavalry": 3, "catapult": 2}, {"general": 1}, {"infantry": 3},
     {"cavalry": [3, 3, 0], "catapult": [4, 0]}),
    ("offence", {"cavalry": 3}, {"general": 1, "italia_caesar": 1}, {"general": 1}, {"cavalry": [3, 3, 3]}),
    ("defence", {"infantry": 7}, {"city": 1}, {"general": 1}, {"infantry": [2] * 6 + [0]}),
    ("defence", {"infantry": 3}, {}, {"general": 2}, {"infantry": [2, 2, 2]}),
    ("offence", {"infantry": 2}, {}, {"infantry": 1}, {"infantry": [2, 2]}),
    ("offence", {"infantry": 2, "catapult": 1}, {"general": 1}, {"fortified_city": 1},
     {"infantry": [1, 1], "catapult": [3]}),
    ("offence", {"warship": 2}, {}, {"fortified_city": 1}, {"warship": [2, 2]}),  # bombarding a fortified city
]


@pytest.mark.parametrize(("side", "troops", "own", "enemy", "expected"), CASES)
def test_empire_troops_fight_at_printed_strength_within_legions(
    side: str, troops: Army, own: Army, enemy: Army, expected: dict[str, list[int]]
) -> None:
    model = compiled("empire").model
    assert model is not None
    assert strengths(model, side, troops, own, enemy) == expected
