"""bomber-first-round: attacking bombers fire in the first combat round only; defending ones are lost last.

Attacking bombers retreat after the first round (and may not be chosen as casualties after it);
defending bombers are taken as casualties last. Bombers attacking alone kill only the units they hit: no
automatic kill of undefended units (TripleA destroys unescorted transports whatever the dice), told from
the attacker's rolls (their hits) and the defender's losses (infrastructure, captured not killed, aside).

Needs battle events. Per-round detail is read from `rounds` (see compiler/engine/combat.py: who
fired and who was lost in each combat round); without it only the defenders-last part is checked,
from `defender_losses`. Units of `also_last`
(G40: transports, which are taken last too) and infrastructure do not count as "other defenders".

    - id: bomber-first-round
      unit_types: [bomber]
      also_last: [transport]

Breaks: Germans attack with a bomber which fires again in combat round 2; or the British defend
        with infantry and a bomber and lose the bomber while the infantry survives; or a lone bomber
        hits once and two undefended transports are lost.
Keeps:  the bomber fires in round 1 only; the defending bomber is lost after the infantry; the lone
        bomber's one hit sinks one transport and the other stays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.combat import CombatRound, combat_rounds
from compiler.engine.rules.base import HouseRule, RuleParams


class BomberFirstRoundParams(RuleParams):
    unit_types: list[str] = Field(default_factory=lambda: ["bomber"])
    also_last: list[str] = Field(default_factory=list)


class BomberFirstRound(HouseRule[BomberFirstRoundParams]):
    """attacking bombers fire in the first combat round only; defending ones are lost last."""

    id = "bomber-first-round"

    def setup(self) -> None:
        p = self.params
        self.need("unit", [*p.unit_types, *p.also_last])
        self.bombers = set(p.unit_types)
        self.last = self.bombers | set(p.also_last)

    def _counts(self, board_units: Counter, attacker: str | None, board: Board) -> Counter:
        return Counter(
            {
                k: n
                for k, n in board_units.items()
                if n > 0 and (attacker is None or not board.friendly(attacker, k[1]))
            }
        )

    def _no_automatic_kills(self, board: Board, event: ev.Battle, rounds: list[CombatRound],
                            attacker: str | None) -> Iterable[str]:
        """Bombers alone kill only what they hit (their rolls must say their hits)."""
        fired = [s for rnd in rounds for s in rnd.attacker_fired]
        if not fired or any(s.type not in self.bombers for s in fired) or event.is_bombing_raid:
            return
        rolls = [roll for rnd in event.rounds for roll in rnd.rolls
                 if roll.firing is not None and attacker is not None and board.friendly(attacker, roll.firing)]
        if not rolls or any(roll.hits is None for roll in rolls):
            return
        hits = sum(roll.hits or 0 for roll in rolls)
        losses = [s for rnd in rounds for s in rnd.defender_casualties] or list(event.defender_losses)
        killed = sum(s.count for s in losses if not self.world.unit(s.type).is_infrastructure)
        if killed > hits:
            yield (f"{killed} defending unit(s) lost in {event.territory} to bombers alone, which hit "
                   f"{hits}: bombers kill only what they hit (no automatic kill of undefended units)")

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.Battle):
            return
        attacker = event.attacker or event.player
        rounds = combat_rounds(event, lambda owner: attacker is not None and board.friendly(attacker, owner))
        for rnd in rounds[1:]:
            fired = [s for s in rnd.attacker_fired if s.type in self.bombers]
            if fired:
                yield (
                    f"attacking {fired[0].type} fires in combat round {rnd.number} in {event.territory}; "
                    "only in round 1"
                )
            lost = [s for s in rnd.attacker_casualties if s.type in self.bombers]
            if lost:
                yield (
                    f"attacking {lost[0].type} taken as a casualty in combat round {rnd.number} in "
                    f"{event.territory}; it retreated after round 1"
                )
        yield from self._no_automatic_kills(board, event, rounds, attacker)
        defenders = self._counts(board.units.get(event.territory, Counter()), attacker, board)
        batches = [rnd.defender_casualties for rnd in rounds]
        if not any(batches):
            batches = [list(event.defender_losses)]
        for batch in batches:
            for s in batch:
                defenders[(s.type, s.owner)] -= s.count
            if not any(s.type in self.bombers for s in batch):
                continue
            others = [
                (t, n)
                for (t, _), n in defenders.items()
                if n > 0 and t not in self.last and not self.world.unit(t).is_infrastructure
            ]
            if others:
                left = ", ".join(f"{n} {t}" for t, n in others)
                yield f"defending bomber taken as a casualty in {event.territory} while {left} still defend"
                return
