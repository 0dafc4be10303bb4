"""A battle's combat rounds split by side: who fired and who was lost, for the attacker and the defender.

A BattleRound (compiler/engine/events.py) may say outright which side fired and lost what; a save's
rounds instead list rolls by player and casualties of both sides together. `combat_rounds` sorts
everything onto one side or the other and numbers the rounds 1, 2, ... in order (whatever numbers
the source used).
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


def combat_rounds(battle: Battle, on_attackers_side: Callable[[str], bool]) -> list[CombatRound]:
    """The battle's rounds; `on_attackers_side(owner)` splits casualty lists that mix both sides."""
    attacker = battle.attacker or battle.player
    out: list[CombatRound] = []
    for number, source in enumerate(battle.rounds, start=1):
        rnd = CombatRound(number, list(source.attacker_fired), list(source.defender_fired),
                          list(source.attacker_casualties), list(source.defender_casualties))
        for roll in source.rolls:
            if roll.firing is not None:
                (rnd.attacker_fired if roll.firing == attacker else rnd.defender_fired).extend(roll.units)
        for s in source.casualties:
            (rnd.attacker_casualties if on_attackers_side(s.owner) else rnd.defender_casualties).append(s)
        out.append(rnd)
    return out
