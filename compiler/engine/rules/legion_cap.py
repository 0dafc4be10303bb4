"""legion-cap: stack limits per territory, and the strength a legion may bring to battle.

Empire: at most 12 infantry, 4 cavalry, 2 catapults, 4 transports, 4 warships of one player in a
territory (`stack_limits`, checked after every move and placement); each leader (general, caesar,
city) leads one legion of up to 6 infantry, 2 cavalry, 1 catapult, and units beyond that may not
fire in battle (`legion` with `leaders`, checked against the `*_fired` units of battle rounds: a
reserve unit comes forward only as casualties open a place). A side without any leader is not
capped (Empire's AI version: leaders are no longer required, and leaderless troops fight at full
strength; the spec's supports cap a side by its own leaders only).

    - id: legion-cap
      stack_limits: {infantry: 12, cavalry: 4, catapult: 2}
      legion: {infantry: 6, cavalry: 2, catapult: 1}
      leaders: [general, city, fortified_city, macedonia_caesar]

Breaks: Macedonia moves 5 cavalry into Thracia; or 3 cavalry fire alongside a single general.
Keeps:  4 cavalry in Thracia; 2 cavalry fire with one general.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.combat import combat_rounds
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class LegionCapParams(RuleParams):
    stack_limits: dict[str, int] = Field(default_factory=dict)
    legion: dict[str, int] = Field(default_factory=dict)
    leaders: list[str] = Field(default_factory=list)


class LegionCap(HouseRule[LegionCapParams]):
    """stack limits per territory, and the strength a legion may bring to battle."""

    id = "legion-cap"

    def setup(self) -> None:
        p = self.params
        if not p.stack_limits and not p.legion:
            raise ValueError("give stack_limits, legion or both")
        if p.legion and not p.leaders:
            raise ValueError("legion needs leaders")
        self.need("unit", [*p.stack_limits, *p.legion, *p.leaders])

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if isinstance(event, ev.Move) and len(event.route) >= 2:
            where = event.route[-1]
        elif isinstance(event, ev.Place):
            where = event.territory
        else:
            return
        player = mover(event)
        if player is None:
            return
        for unit, limit in p.stack_limits.items():
            n = board.count(where, unit, player)
            if n > limit and any(s.type == unit for s in event.units):
                yield f"{player} has {n} {unit} in {where}; the stack limit is {limit}"

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Battle) or not p.legion:
            return
        attacker = event.attacker or event.player
        rounds = combat_rounds(event, lambda owner: attacker is not None and board.friendly(attacker, owner))
        here = board.units.get(event.territory, Counter())
        for side in ("attacker", "defender"):
            if side == "attacker":
                owners = {attacker} if attacker else set()
            elif event.defender:
                owners = {event.defender}
            else:
                owners = {o for (_, o) in here if attacker is None or not board.friendly(attacker, o)}
            leaders = sum(n for (t, o), n in here.items() if t in p.leaders and o in owners)
            if not leaders:
                continue
            for rnd in rounds:
                fired: dict[str, int] = {}
                for s in rnd.attacker_fired if side == "attacker" else rnd.defender_fired:
                    fired[s.type] = fired.get(s.type, 0) + s.count
                for unit, cap in p.legion.items():
                    if fired.get(unit, 0) > cap * leaders:
                        yield (
                            f"{fired[unit]} {unit} of the {side} fire in combat round {rnd.number} in "
                            f"{event.territory}; {leaders} leader(s) lead at most {cap * leaders}"
                        )
