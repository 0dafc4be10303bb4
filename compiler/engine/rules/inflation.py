"""inflation: prices rise for everyone once any player's income reaches a threshold, and never fall.

Income is the production of the territories a player owns, plus `unit_income` per unit of a type
on the player's own territories. Purchases (with a `cost`) must pay the base price (the game's
cheapest production rule, or `base_costs`) times the current multiplier. The player who raises
inflation on his own turn buys once more at the old prices. Empire:

    - id: inflation
      thresholds: [{income: 105, multiplier: 2}, {income: 205, multiplier: 3}]
      unit_income: {city: 5, fortified_city: 5}

Breaks: after Italia's income reached 105 in an earlier round, Macedonia buys infantry at 10 PUs.
Keeps:  Macedonia pays 20 PUs per infantry.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class Threshold(RuleParams):
    income: int
    multiplier: float = Field(gt=0)


class InflationParams(RuleParams):
    thresholds: list[Threshold] = Field(min_length=1)
    resource: str = "PUs"
    unit_income: dict[str, int] = Field(default_factory=dict)
    base_costs: dict[str, int] = Field(default_factory=dict, description="unit -> price at multiplier 1")


class Inflation(HouseRule[InflationParams]):
    """prices rise for everyone once any player's income reaches a threshold, and never fall."""

    id = "inflation"

    def setup(self) -> None:
        p = self.params
        self.need("unit", [*p.unit_income, *p.base_costs])
        self.multiplier = 1.0
        self.previous = 1.0
        self.raised_by: tuple[str | None, int] | None = None
        self.grace_used = False

    def income(self, board: Board, player: str) -> int:
        p = self.params
        total = 0
        for t, owner in board.owners.items():
            if owner != player:
                continue
            total += self.world.production.get(t, 0)
            for (typ, _), n in board.units.get(t, {}).items():
                total += p.unit_income.get(typ, 0) * n
        return total

    def _update(self, board: Board) -> None:
        p = self.params
        best = max(self.world.players, key=lambda pl: self.income(board, pl), default=None)
        if best is None:
            return
        top = self.income(board, best)
        level = max([t.multiplier for t in p.thresholds if top >= t.income] + [self.multiplier])
        if level > self.multiplier:
            self.previous, self.multiplier = self.multiplier, level
            self.raised_by = (best, board.turn_index) if best == board.player else None
            self.grace_used = False

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.OwnershipChange | ev.Place | ev.Battle):
            self._update(board)
        return ()

    def start_turn(self, board: Board) -> Iterable[str]:
        self._update(board)
        return ()

    def price(self, unit: str) -> int | None:
        p = self.params
        if unit in p.base_costs:
            return p.base_costs[unit]
        return self.world.costs.get(unit, {}).get(p.resource)

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Purchase) or p.resource not in event.cost:
            return
        base = 0
        for s in event.units:
            price = self.price(s.type)
            if price is None:
                return
            base += price * s.count
        paid = event.cost[p.resource]
        expected = round(base * self.multiplier)
        if paid == expected:
            return
        graced = (
            self.raised_by is not None
            and self.raised_by == (event.player, board.turn_index)
            and not self.grace_used
            and paid == round(base * self.previous)
        )
        if graced:
            self.grace_used = True
            return
        yield (
            f"purchase costs {paid} {p.resource}; with inflation x{self.multiplier:g} "
            f"it must cost {expected} (base price {base})"
        )
