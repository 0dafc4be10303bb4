"""Battles in a save's history: who fought where, the rolls and casualties of each combat round, losses and
the result."""

from __future__ import annotations

import re
import struct
from typing import Any

from javaobj.v2.beans import BlockData, JavaArray

from compiler.engine.events import Battle, BattleRound, Roll
from compiler.engine.state import UnitStack
from compiler.saves.groups import EventGroup, resource_fields, units_in
from compiler.saves.java import get, is_a, short_class, text

_ROLL = re.compile(r"^(?P<player>.+?) roll dice for (?P<units>.*?) in .*?, round (?P<round>\d+)")
_COUNTED = re.compile(r"^(?P<count>\d+) (?P<name>.+)$")
_ATTACK = re.compile(r"^(?P<player>.+?) attacks? with ")
_DEFEND = re.compile(r"^(?P<player>.+?) defends? with ")
_WIN = re.compile(r"^(?P<player>.+?) wins?\b")

_IGNORED = 2
"""a die TripleA rolled but does not count (Die.DieType.IGNORED)"""


def decode_dice(roll: Any) -> dict[str, Any]:
    """Dice (1-based values), what each needed (its target: a die hits at or under it; 0 for one that does not
    count) and hits of a DiceRoll (an Externalizable: an int[] of dice, each `value << 16 | target << 8 | kind`
    with kind 0 miss, 1 hit, 2 ignored, then a data block beginning with the hits)."""
    parts = [a for values in getattr(roll, "annotations", {}).values() for a in values]
    dice: list[int] = []
    targets: list[int] = []
    hits: int | None = None
    seen_array = False
    for part in parts:
        if isinstance(part, JavaArray) and not seen_array:
            seen_array = True
            dice = [((int(v) >> 16) & 0xFF) + 1 for v in part]
            targets = [0 if int(v) & 0xFF == _IGNORED else (int(v) >> 8) & 0xFF for v in part]
        elif isinstance(part, BlockData) and seen_array and hits is None and len(part.data) >= 4:
            raw = part.data if isinstance(part.data, bytes) else part.data.encode("latin1")
            hits = struct.unpack(">i", raw[:4])[0]
    return {"dice": dice, "hits": hits, "targets": targets}


def _other_side(group: EventGroup, attacker: str | None) -> str | None:
    """The first player other than the attacker that the battle's changes touch."""
    for change in group.changes:
        kind = short_class(change)
        if kind == "ChangeResourceChange":
            candidates = [resource_fields(change)[0]]
        elif kind == "OwnerChange":
            candidates = [text(get(change, "oldOwnerName", "old"))]
        elif kind == "RemoveUnits":
            candidates = [group.owner_of(u) for u in units_in(get(change, "units"))]
        else:
            continue
        for name in candidates:
            if name and name != attacker:
                return name
    return None


def _types_named(types: set[str]) -> dict[str, str]:
    """How the history names each unit type, singular and plural (TripleA adds "s", or "ies" for a "y")."""
    named = {t: t for t in types}
    for t in types:
        named.setdefault(t + "s", t)
        if t.endswith("y"):
            named.setdefault(t[:-1] + "ies", t)
    return named


def _roll_units(listed: str, player: str, named: dict[str, str]) -> list[UnitStack]:
    """The units a roll's text names ("1 bomber, 2 fighters and 1 transport"), as the firing player's; [] when a
    name is not one of the battle's unit types."""
    out = []
    for part in re.split(r", | and ", listed):
        found = _COUNTED.match(part.strip())
        if not found or found["name"] not in named:
            return []
        out.append(UnitStack(type=named[found["name"]], owner=player, count=int(found["count"])))
    return out


def read_battle(group: EventGroup, territory: str) -> Battle:
    attacker = defender = winner = None
    rounds: dict[int, BattleRound] = {}
    lost: list[Any] = []
    summary: list[Any] = []
    combat_round = 0
    draw = False
    named = _types_named({s.type for _, r in group.children if r is not None for s in group.stacks(units_in(r))})

    def this_round() -> BattleRound:
        if combat_round not in rounds:
            rounds[combat_round] = BattleRound(number=combat_round)
        return rounds[combat_round]

    for child_text, rendering in group.children:
        if m := _ATTACK.match(child_text):
            attacker = attacker or m["player"]
        elif m := _DEFEND.match(child_text):
            defender = defender or m["player"]
        elif is_a(rendering, "DiceRoll"):
            if m := _ROLL.match(child_text):
                combat_round = int(m["round"])
                units = _roll_units(m["units"], m["player"], named)
                this_round().rolls.append(Roll(firing=m["player"], units=units, **decode_dice(rendering)))
            else:  # e.g. "AA fire in Germany : 5"
                this_round().rolls.append(Roll(text=child_text, **decode_dice(rendering)))
        elif child_text.startswith("Units damaged") and this_round().rolls:
            this_round().rolls[-1].damaged.extend(group.stacks(units_in(rendering)))
        elif " lost in " in child_text:
            casualties = units_in(rendering)
            lost.extend(casualties)
            this_round().casualties.extend(group.stacks(casualties))
        elif child_text.startswith("Battle casualty summary"):
            summary.extend(units_in(rendering))
        elif m := _WIN.match(child_text):
            winner = m["player"]
        elif "draw" in child_text.lower() or "stalemate" in child_text.lower():
            draw = True
        elif "bombing raid" in child_text.lower():
            this_round().notes.append(child_text)
    attacker = attacker or group.player
    losses = lost or summary
    attacker_losses = [u for u in losses if group.owner_of(u) == attacker]
    defender_losses = [u for u in losses if group.owner_of(u) != attacker]
    if defender is None and defender_losses:
        defender = group.owner_of(defender_losses[0])
    defender = defender or _other_side(group, attacker)
    result = None
    if winner is not None:
        result = "attacker_won" if winner == attacker else "defender_won"
    elif draw:
        result = "draw"
    elif "bombing raid" in (group.text or "").lower():
        result = "bombing_raid"
    return Battle(
        **group.base(),
        territory=territory,
        attacker=attacker,
        defender=defender,
        rounds=list(rounds.values()),
        attacker_losses=group.stacks(attacker_losses),
        defender_losses=group.stacks(defender_losses),
        result=result,
    )
