"""The document's formulas: powers, treaty, penalty, strategic move and ransom costs, modes open.

Armies are lists of unit counts in the spec's unit order (weakest first).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from compiler.spec.board_game import Costs, Unit


def invade_power(army: Sequence[int], units: Sequence[Unit]) -> int:
    """Sum of count x power: no support when invading."""
    return sum(count * unit.power for count, unit in zip(army, units, strict=True))


def support_power(army: Sequence[int], units: Sequence[Unit]) -> int:
    """Each unit supports one unit of every stronger type: sum of support x min(count, stronger count)."""
    total = 0
    for i, unit in enumerate(units):
        if unit.support and army[i]:
            for j in range(i + 1, len(units)):
                total += unit.support * min(army[i], army[j])
    return total


def defence_power(army: Sequence[int], units: Sequence[Unit]) -> int:
    """Defend power = invade power + support power."""
    return invade_power(army, units) + support_power(army, units)


def treaty_cost(defence: int, treaties_before: int, costs: Costs) -> int:
    """Defence power x ($M 20 + $M 10 x treaties signed before)."""
    return defence * (costs.treaty_base + costs.treaty_increment * treaties_before)


def strategic_move_cost(steps: int, used_before: int, costs: Costs) -> int:
    """1 step: base + increment x moves used before; 2 steps: double that."""
    one = costs.strategic_move_base + costs.strategic_move_increment * used_before
    return one * (costs.two_step_factor if abs(steps) >= 2 else 1)


def ransom_cost(times_jailed: int, costs: Costs) -> int:
    """$M 2000 x number of times put in jail (this time included)."""
    return costs.ransom_base * times_jailed


def open_modes(modes: Sequence[str], wins: int) -> list[str]:
    """The modes a player may choose: the first from the start, one more for each win against the unlocking AI."""
    return list(modes[: 1 + max(wins, 0)])


def penalty_power(defence: int, rate: float) -> int:
    """Defence power x penalty rate, rounded up (a tiny epsilon guards float noise such as 300 x 0.3)."""
    return max(0, math.ceil(defence * rate - 1e-9))


def penalty_losses(army: Sequence[int], units: Sequence[Unit], penalty: int) -> list[int]:
    """Units lost to a penalty: weakest first, whole units, until the lost power reaches the penalty.

    89 infantry and 1 tank against 90: the 89 infantry give 89, so the tank goes too (half a tank
    does not count).
    """
    lost = [0] * len(army)
    need = penalty
    for i, unit in enumerate(units):
        if need <= 0:
            break
        if army[i] == 0:
            continue
        if unit.power == 0:
            continue
        take = min(army[i], -(-need // unit.power))
        lost[i] = take
        need -= take * unit.power
    return lost


def cheapest_force(
    army: Sequence[int], units: Sequence[Unit], need: int, allowed: Sequence[bool]
) -> list[int] | None:
    """A low-cost selection of `army` (allowed types only) with invade power >= `need`, or None.

    Strong units first, as many as fit under the need, then the smallest single unit covering the
    rest; tries each top type left out too and keeps the cheapest selection found.
    """
    usable = [army[i] if allowed[i] else 0 for i in range(len(army))]
    if invade_power(usable, units) < need:
        return None
    if need <= 0:
        return [0] * len(army)
    best: list[int] | None = None
    best_cost = 0
    order = sorted(range(len(units)), key=lambda i: -units[i].power)
    for skip in range(len(order)):
        pick = [0] * len(army)
        rest = need
        for i in order[skip:]:
            power = units[i].power
            if power <= 0 or usable[i] == 0:
                continue
            take = min(usable[i], rest // power)
            pick[i] = take
            rest -= take * power
        if rest > 0:
            for i in sorted(order[skip:], key=lambda i: units[i].power):
                if units[i].power > 0 and usable[i] - pick[i] > 0:
                    more = min(usable[i] - pick[i], -(-rest // units[i].power))
                    pick[i] += more
                    rest -= more * units[i].power
                    if rest <= 0:
                        break
        if rest > 0:
            continue
        cost = sum(pick[i] * units[i].cost for i in range(len(units)))
        if best is None or cost < best_cost:
            best, best_cost = pick, cost
    return best
