"""tech-advances: research and the effects of advances a history's tech rolls gained (TripleA lacks them).

A `tech` event (compiler/engine/events.py TechRoll) rolls for one of `advances`, paying `die_cost`
per die (twice for `double_cost` advances). Once a player gained an advance: `costs` lower (or
raise) the price of unit types in its purchases (from the price in the production frontier the player
buys from: its own, or one its triggers give it; World.prices); `movement` lets
unit types move further in combat move (non-combat moves may be rail moves, judged by rail-movement);
`capacity` multiplies its transports' capacity (`transport.capacity`, cargo sizes `transport.sizes`)
in moves that carry land units with transports.

    - id: tech-advances
      advances: [Merchant Marine, Mechanized Infantry, Mass Production Aircraft]
      die_cost: 5
      double_cost: [Atomic Bomb]
      costs: {Mass Production Aircraft: {fighter: -1, bomber: -1}}
      movement: {Mechanized Infantry: {infantry: 2}}
      capacity: {Merchant Marine: 2}
      transport: {capacity: {transport: 2}, sizes: {infantry: 1, armour: 2}}

Breaks: the Germans buy a fighter for 3 PUs without Mass Production Aircraft; or move infantry 2 spaces
        to attack without Mechanized Infantry.
Keeps:  the same once a tech roll gained the advance.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.advances import advances
from compiler.engine.rules.base import HouseRule, RuleParams, describe, mover


class Transport(RuleParams):
    capacity: dict[str, int] = Field(min_length=1, description="transport type -> capacity")
    sizes: dict[str, int] = Field(min_length=1, description="land unit type -> room it takes")


class TechAdvancesParams(RuleParams):
    advances: list[str] = Field(min_length=1)
    die_cost: int = Field(ge=0)
    double_cost: list[str] = Field(default_factory=list)
    costs: dict[str, dict[str, int]] = Field(default_factory=dict, description="advance -> unit -> price change")
    movement: dict[str, dict[str, int]] = Field(default_factory=dict, description="advance -> unit -> movement")
    capacity: dict[str, int] = Field(default_factory=dict, description="advance -> transport capacity factor")
    transport: Transport | None = None


class TechAdvances(HouseRule[TechAdvancesParams]):
    """research and the effects of advances a history's tech rolls gained (TripleA lacks them)."""

    id = "tech-advances"

    def setup(self) -> None:
        p = self.params
        named = [*p.double_cost, *p.costs, *p.movement, *p.capacity]
        unknown = sorted(set(named) - set(p.advances))
        if unknown:
            raise ValueError(f"advances not among `advances`: {', '.join(unknown)}")
        self.need("unit", [u for d in (*p.costs.values(), *p.movement.values()) for u in d])
        if p.transport:
            self.need("unit", [*p.transport.capacity, *p.transport.sizes])

    @cached_property
    def _faster(self) -> set[str]:
        """the unit types some advance lets move further"""
        return {u for d in self.params.movement.values() for u in d}

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        player = event.player or board.player or ""
        if isinstance(event, ev.TechRoll):
            yield from self._research(event)
        elif isinstance(event, ev.Purchase):
            yield from self._purchase(board, player, event)
        elif isinstance(event, ev.Move) and len(event.route) >= 2:
            yield from self._move(board, event, board.phase == "combat-move")

    def _research(self, roll: ev.TechRoll) -> Iterator[str]:
        p = self.params
        if roll.advance not in p.advances:
            yield f"{roll.player} roll for {roll.advance}, not an advance of the game"
            return
        due = len(roll.dice) * p.die_cost * (2 if roll.advance in p.double_cost else 1)
        paid = sum(roll.cost.values())
        if paid != due:
            yield f"{roll.player} pay {paid} for {len(roll.dice)} {roll.advance} dice; {due} due"

    def _purchase(self, board: Board, player: str, purchase: ev.Purchase) -> Iterator[str]:
        if not purchase.cost:
            return
        mine = advances(board, player)
        resource = next(iter(purchase.cost))
        dues = []
        for prices in self.world.prices(player):
            due = 0
            for s in purchase.units:
                rule = prices.get(s.type)
                change = sum(d.get(s.type, 0) for a, d in self.params.costs.items() if a in mine)
                due += max((rule.of(s.count, resource) if rule else 0) + s.count * change, 0)
            dues.append(due)
        paid = purchase.cost.get(resource, 0)
        if paid not in dues:
            shown = " or ".join(str(d) for d in sorted(set(dues)))
            yield f"{player} pay {paid} {resource} for {describe(purchase.units)}; {shown} due with their advances"

    def _move(self, board: Board, move: ev.Move, attacking: bool) -> Iterator[str]:
        owner = mover(move) or ""
        mine = advances(board, owner)
        steps = len(move.route) - 1
        over_land = all(self.world.is_land(t) for t in move.route[1:])
        for s in move.units:
            info = self.world.unit(s.type)
            if not attacking or not info.is_land or s.type not in self._faster:
                continue
            reach = max([info.movement, *(d.get(s.type, 0) for a, d in self.params.movement.items() if a in mine)])
            if over_land and steps > reach:
                yield f"{s.count} {s.type} of {owner} move {steps} spaces to attack; at most {reach}"
        t = self.params.transport
        if t is None:
            return
        room = sum(t.capacity.get(s.type, 0) * s.count for s in move.units)
        cargo = sum(t.sizes.get(s.type, 0) * s.count for s in move.units if self.world.unit(s.type).is_land)
        if room and cargo:
            factor = max([1, *(n for a, n in self.params.capacity.items() if a in mine)])
            if cargo > room * factor:
                yield f"transports of {owner} carry units taking {cargo} places; they hold {room * factor}"
