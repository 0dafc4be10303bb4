"""sbr-bonus: overwhelming strategic bombing raids add a larger bonus to each bomber's damage roll.

G40 Alt Universe: with no intercepting fighters, or at least twice as many escorts as
interceptors, each bomber's die adds `bonus` (4) damage instead of `normal_bonus` (2). A raid is a
battle event with `result: bombing_raid`; each of its `rounds` entries that gives the bombers'
`dice` and the `damage` dealt is checked. Escorts and interceptors are counted from the entry's
`escorts` and `interceptors` when given, else from the air units in the territory (the attacker's
non-bombers, the defender's air units); `capped: true` marks damage cut by the territory's limit.

    - id: sbr-bonus
      unit_types: [bomber]
      bonus: 4

Breaks: 2 unescorted bombers roll 3 and 5 against no interceptors and deal 12 damage (3+5+2+2).
Keeps:  they deal 16 damage (3+5+4+4); or, against 2 interceptors with 2 escorts, 12.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.replay import Context
from compiler.engine.rules.base import HouseRule, RuleParams


class Params(RuleParams):
    unit_types: list[str] = Field(default_factory=lambda: ["bomber"])
    bonus: int = 4
    normal_bonus: int = 2


def _number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return sum(value)
    return None


class SbrBonus(HouseRule):
    id = "sbr-bonus"
    Params = Params

    def setup(self) -> None:
        self.need("unit", self.params.unit_types)  # type: ignore[attr-defined]
        self.bombers = set(self.params.unit_types)  # type: ignore[attr-defined]

    def _air(self, ctx: Context, territory: str, keep) -> int:
        return sum(
            n
            for (t, owner), n in ctx.board.units.get(territory, {}).items()
            if self.world.unit(t).is_air and t not in self.bombers and keep(owner)
        )

    def before(self, ctx: Context, event: ev.EventBase) -> Iterable[str]:
        p: Params = self.params  # type: ignore[assignment]
        if not isinstance(event, ev.Battle) or (event.result or "").lower() != "bombing_raid":
            return
        attacker = event.attacker or event.player
        for entry in event.rounds:
            if not isinstance(entry, dict) or "damage" not in entry or entry.get("capped"):
                continue
            dice = entry.get("dice")
            damage = _number(entry.get("damage"))
            if not isinstance(dice, list) or not dice or damage is None:
                continue
            if "firing" in entry and entry["firing"] != attacker:
                continue
            escorts = entry.get("escorts")
            if not isinstance(escorts, int):
                escorts = self._air(ctx, event.territory, lambda o: o == attacker)
            interceptors = entry.get("interceptors")
            if not isinstance(interceptors, int):
                interceptors = self._air(ctx, event.territory, lambda o: o != attacker and ctx.at_war(attacker, o))
            overwhelming = interceptors == 0 or escorts >= 2 * interceptors
            bonus = p.bonus if overwhelming else p.normal_bonus
            expected = sum(d for d in dice if isinstance(d, int)) + bonus * len(dice)
            if damage != expected:
                why = f"{escorts} escorts against {interceptors} interceptors" if interceptors else "no interceptors"
                yield (
                    f"bombing raid on {event.territory} deals {damage} damage; with {why} each die adds "
                    f"{bonus}, so {expected}"
                )
