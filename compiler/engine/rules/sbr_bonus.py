"""sbr-bonus: overwhelming strategic bombing raids add a larger bonus to each bomber's damage roll.

G40 Alt Universe: with no intercepting fighters, or at least twice as many escorts as
interceptors, each bomber's die adds `bonus` (4) damage instead of `normal_bonus` (2). A raid is a
battle event with `result: bombing_raid`; each roll of its `rounds` that gives the bombers'
`dice` and the `damage` dealt is checked. Escorts and interceptors are counted from the roll's
`escorts` and `interceptors` when given, else from the air units in the territory (the attacker's
non-bombers, the defender's air units); `capped: true` marks damage cut by the territory's limit.

    - id: sbr-bonus
      unit_types: [bomber]
      bonus: 4

Breaks: 2 unescorted bombers roll 3 and 5 against no interceptors and deal 12 damage (3+5+2+2).
Keeps:  they deal 16 damage (3+5+4+4); or, against 2 interceptors with 2 escorts, 12.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class SbrBonusParams(RuleParams):
    unit_types: list[str] = Field(default_factory=lambda: ["bomber"])
    bonus: int = 4
    normal_bonus: int = 2


class SbrBonus(HouseRule[SbrBonusParams]):
    """overwhelming strategic bombing raids add a larger bonus to each bomber's damage roll."""

    id = "sbr-bonus"

    def setup(self) -> None:
        self.need("unit", self.params.unit_types)
        self.bombers = set(self.params.unit_types)

    def _air(self, board: Board, territory: str, keep: Callable[[str], bool]) -> int:
        return sum(
            n
            for (t, owner), n in board.units.get(territory, {}).items()
            if self.world.unit(t).is_air and t not in self.bombers and keep(owner)
        )

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Battle) or not event.is_bombing_raid:
            return
        attacker = event.attacker or event.player
        for roll in (roll for rnd in event.rounds for roll in rnd.rolls):
            damage = roll.total_damage
            if damage is None or roll.capped or not roll.dice:
                continue
            if roll.firing is not None and roll.firing != attacker:
                continue
            escorts = roll.escorts
            if escorts is None:
                escorts = self._air(board, event.territory, lambda o: o == attacker)
            interceptors = roll.interceptors
            if interceptors is None:
                interceptors = self._air(board, event.territory, lambda o: o != attacker and board.at_war(attacker, o))
            overwhelming = interceptors == 0 or escorts >= 2 * interceptors
            bonus = p.bonus if overwhelming else p.normal_bonus
            expected = sum(roll.dice) + bonus * len(roll.dice)
            if damage != expected:
                why = f"{escorts} escorts against {interceptors} interceptors" if interceptors else "no interceptors"
                yield (
                    f"bombing raid on {event.territory} deals {damage} damage; with {why} each die adds "
                    f"{bonus}, so {expected}"
                )
