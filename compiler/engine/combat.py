"""Combat rounds of a battle event, in one shape whatever wrote them.

A game log may describe each combat round as one mapping with `attacker_fired`, `defender_fired`,
`attacker_casualties`, `defender_casualties` (unit stacks). The save reader writes several entries
per round instead: `{round: N, firing: PLAYER, dice: [...], hits: H, units: [...]?}` and
`{round: N, casualties: [stacks of both sides]}`. `combat_rounds` groups either into `CombatRound`s
numbered 1, 2, ... in order (whatever numbers the source used).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from compiler.engine.events import Battle
from compiler.engine.state import UnitStack


@dataclass
class CombatRound:
    number: int
    attacker_fired: list[UnitStack] = field(default_factory=list)
    defender_fired: list[UnitStack] = field(default_factory=list)
    attacker_casualties: list[UnitStack] = field(default_factory=list)
    defender_casualties: list[UnitStack] = field(default_factory=list)


def stacks(raw: object) -> list[UnitStack]:
    """Unit stacks from a round entry (mappings or UnitStack objects); anything else is skipped."""
    if not isinstance(raw, list):
        return []
    out = []
    for item in raw:
        if isinstance(item, UnitStack):
            out.append(item)
        elif isinstance(item, dict) and isinstance(item.get("type"), str):
            count = item.get("count", 1)
            out.append(UnitStack(type=item["type"], owner=str(item.get("owner") or ""),
                                 count=count if isinstance(count, int) else 1))
    return out


def combat_rounds(battle: Battle, on_attackers_side: Callable[[str], bool]) -> list[CombatRound]:
    """The battle's rounds; `on_attackers_side(owner)` splits casualty lists that mix both sides."""
    attacker = battle.attacker or battle.player
    out: list[CombatRound] = []
    index: dict[object, CombatRound] = {}
    for i, entry in enumerate(battle.rounds):
        if not isinstance(entry, dict):
            continue
        key = entry.get("round", f"#{i}")
        rnd = index.get(key)
        if rnd is None:
            rnd = index[key] = CombatRound(len(out) + 1)
            out.append(rnd)
        rnd.attacker_fired += stacks(entry.get("attacker_fired"))
        rnd.defender_fired += stacks(entry.get("defender_fired"))
        rnd.attacker_casualties += stacks(entry.get("attacker_casualties"))
        rnd.defender_casualties += stacks(entry.get("defender_casualties"))
        firing = entry.get("firing")
        if isinstance(firing, str):
            fired = stacks(entry.get("units"))
            (rnd.attacker_fired if firing == attacker else rnd.defender_fired).extend(fired)
        for s in stacks(entry.get("casualties")):
            (rnd.attacker_casualties if on_attackers_side(s.owner) else rnd.defender_casualties).append(s)
    return out
