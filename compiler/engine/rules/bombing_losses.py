"""bombing-losses: a strategic bombing raid costs the enemy `loss` resources per bomber that hits, next turn.

A raid is a battle event with `result: bombing_raid`; its rolls give the bombers' 1-based dice, in
the order of the bombers (`units` of the roll, else the attacker's bombers there). Each bomber rolls
one die, or `dice` with an advance (Flying Fortresses: 2), and one bomber of a raid may roll
`atomic_dice` with the `atomic` advance; a bomber hits when one of its dice is <= `strength`. A
damage the raid records must be that loss. The owner of the bombed territory loses it in its next
turn (a loss of resources in its own turn that is neither its collection nor an objective's), not at once:
TripleA deducts dice damage in the raid itself (a loss of the raided player right after the raid, in the
raider's battle step: compiler/engine/income.py), which this rule reports. No history text is read.

    - id: bombing-losses
      dice: {Flying Fortresses: 2}
      atomic: Atomic Bomb
      atomic_dice: 3

Breaks: the British lose 3 PUs at once in a raid where 2 bombers hit; or lose 1 in their next turn.
Keeps:  the British lose 2 PUs in their next turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.income import Causes
from compiler.engine.rules.advances import advances
from compiler.engine.rules.base import HouseRule, RuleParams


class BombingLossesParams(RuleParams):
    unit_types: list[str] = Field(default_factory=lambda: ["bomber"])
    strength: int | None = Field(default=None, description="default: the bomber's attack")
    loss: int = Field(default=1, ge=0, description="resources lost per bomber that hits")
    dice: dict[str, int] = Field(default_factory=dict, description="advance -> dice per bomber")
    atomic: str | None = Field(default=None, description="the advance letting one bomber roll atomic_dice")
    atomic_dice: int = Field(default=3, ge=1)
    resource: str = "PUs"


class BombingLosses(HouseRule[BombingLossesParams]):
    """a strategic bombing raid costs the enemy `loss` resources per bomber that hits, next turn."""

    id = "bombing-losses"

    def setup(self) -> None:
        self.need("unit", self.params.unit_types)
        self.bombers = set(self.params.unit_types)
        self.due: Counter[str] = Counter()
        """player -> resources its next turn must lose"""
        self.owing: dict[str, int] = {}
        """the current player's loss this turn -> (due, lost so far)"""
        self.lost = 0
        self.causes = Causes()

    def start_turn(self, board: Board) -> Iterable[str]:
        player = board.player or ""
        self.owing = {player: self.due.pop(player)} if self.due[player] else {}
        self.lost = 0
        return ()

    def end_turn(self, board: Board) -> Iterable[str]:
        for player, due in self.owing.items():
            if self.lost != due:
                yield f"{player} lose {self.lost} {self.params.resource} to bombing this turn; {due} are due"
        self.owing = {}

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        cause = self.causes.of(board, event) if isinstance(event, ev.ResourceChange) else None
        if isinstance(event, ev.ResourceChange) and event.amount < 0 and event.player:
            if cause == "bombing":
                yield (f"{event.player} lose {-event.amount} {event.resource} to bombing now; the loss comes in "
                       "their next turn")
            elif event.player in self.owing and event.player == board.player and cause == "other":
                self.lost += -event.amount
        if isinstance(event, ev.Battle) and event.is_bombing_raid:
            yield from self._raid(board, event)

    def _per_bomber(self, board: Board, player: str) -> tuple[int, bool]:
        mine = advances(board, player)
        per = max([1, *(n for a, n in self.params.dice.items() if a in mine)])
        return per, self.params.atomic is not None and self.params.atomic in mine

    def _raid(self, board: Board, raid: ev.Battle) -> Iterator[str]:
        attacker = raid.attacker or raid.player or ""
        victim = board.owners.get(raid.territory) or raid.defender
        strength = self.params.strength
        per, atomic = self._per_bomber(board, attacker)
        for rnd in raid.rounds:
            for roll in rnd.rolls:
                if roll.firing not in (None, attacker) or not roll.dice:
                    continue
                units = [s for s in roll.units if s.type in self.bombers]
                count = sum(s.count for s in units) or sum(board.count(raid.territory, b, attacker)
                                                            for b in self.bombers)
                info = self.world.unit(units[0].type if units else next(iter(self.bombers)))
                hit_on = strength if strength is not None else info.attack
                plain = count * per
                allowed = {plain, plain - per + self.params.atomic_dice} if atomic and count else {plain}
                if len(roll.dice) not in allowed:
                    want = " or ".join(str(n) for n in sorted(allowed))
                    yield (f"{count} bomber(s) of {attacker} roll {len(roll.dice)} dice over {raid.territory}; "
                           f"{want} due")
                    continue
                first = len(roll.dice) - plain + per
                groups = [roll.dice[:first]] + [roll.dice[first + i * per:first + (i + 1) * per]
                                                for i in range(count - 1)]
                hits = sum(any(d <= hit_on for d in g) for g in groups if g)
                loss = hits * self.params.loss
                if roll.total_damage is not None and roll.total_damage != loss:
                    yield (f"the raid on {raid.territory} deals {roll.total_damage} damage; {hits} bomber(s) hit, "
                           f"a loss of {loss}")
                if victim and loss:
                    self.due[victim] += loss
