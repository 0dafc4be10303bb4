"""tech-advances: research and the effects of advances a history's tech rolls gained (TripleA lacks them).

A `tech` event (compiler/engine/events.py TechRoll) rolls for one of `advances`, paying `die_cost`
per die (twice for `double_cost` advances). Once a player gained an advance: `costs` lower (or
raise) the price of unit types in its purchases; `movement` lets
unit types move further in combat move (non-combat moves may be rail moves, judged by rail-movement);
`capacity` multiplies its transports' capacity (`transport.capacity`, cargo sizes `transport.sizes`)
in moves that carry land units with transports.

A purchase is priced from the production frontier the player buys from at that moment: the one it starts
with (World.player_frontiers) until the history records a change, a `note` whose `data` names the new
`frontier` (and the `player`, default the note's), as the save reader writes TripleA's
ProductionFrontierChange (a trigger's `frontier`, Industrial Technology, Shipyards, an edit). A purchase at
the price of a frontier the player may have come to without a record (one a trigger's `frontier` gives it,
or its frontier's `IndustrialTechnology`/`Shipyards` one once it gained that advance) is reported as
undecided ("cannot tell"), never accepted silently. A player without a known frontier buys at the game's
cheapest prices (World.prices).

    - id: tech-advances
      advances: [Merchant Marine, Mechanized Infantry, Mass Production Aircraft]
      die_cost: 5
      double_cost: [Atomic Bomb]
      costs: {Mass Production Aircraft: {fighter: -1, bomber: -1}}
      movement: {Mechanized Infantry: {infantry: 2}}
      capacity: {Merchant Marine: 2}
      transport: {capacity: {transport: 2}, sizes: {infantry: 1, armour: 2}}

Breaks: the Germans buy a fighter for 3 PUs without Mass Production Aircraft; or move infantry 2 spaces
        to attack without Mechanized Infantry; or buy at the prices of a frontier no record gave them.
Keeps:  the same once a tech roll gained the advance, or a note recorded the change of frontier.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.advances import advances
from compiler.engine.rules.base import HouseRule, RuleParams, describe, mover
from compiler.engine.world import Price

FRONTIER_ADVANCES = {"Industrial Technology": "IndustrialTechnology", "Shipyards": "Shipyards",
                     "Improved Shipyards": "Shipyards"}
"""advance -> the suffix of the frontier TripleA switches its holder to (`<its frontier><suffix>`, when the
game has one; Shipyards only with "Use Shipyards")"""


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
        self._frontier = {player: names[0] for player, names in self.world.player_frontiers.items() if names}
        """player -> the production frontier it buys from now (its own at the start: World.player_frontiers)"""

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
        elif isinstance(event, ev.Note) and event.data.get("frontier"):
            yield from self._switch(str(event.data.get("player") or player), str(event.data["frontier"]))

    def _switch(self, player: str, frontier: str) -> Iterator[str]:
        if frontier not in self.world.frontier_costs:
            yield f"{player} change to production frontier {frontier}, which the game does not have"
        self._frontier[player] = frontier

    def _research(self, roll: ev.TechRoll) -> Iterator[str]:
        p = self.params
        if roll.advance not in p.advances:
            yield f"{roll.player} roll for {roll.advance}, not an advance of the game"
            return
        due = len(roll.dice) * p.die_cost * (2 if roll.advance in p.double_cost else 1)
        paid = sum(roll.cost.values())
        if paid != due:
            yield f"{roll.player} pay {paid} for {len(roll.dice)} {roll.advance} dice; {due} due"

    def _due(self, prices: dict[str, Price], purchase: ev.Purchase, mine: set[str], resource: str) -> int:
        due = 0
        for s in purchase.units:
            rule = prices.get(s.type)
            change = sum(d.get(s.type, 0) for a, d in self.params.costs.items() if a in mine)
            due += max((rule.of(s.count, resource) if rule else 0) + s.count * change, 0)
        return due

    def _unrecorded(self, board: Board, player: str, current: str) -> dict[str, str]:
        """frontier -> how `player` may have come to buy from it without the history recording it."""
        found = {f: "a trigger" for f in self.world.player_frontiers.get(player, ())[1:]}
        for advance in advances(board, player):
            suffix = FRONTIER_ADVANCES.get(advance)
            if suffix and not current.endswith(suffix):
                found[current + suffix] = advance
        return {f: how for f, how in found.items() if f != current and f in self.world.frontier_costs}

    def _purchase(self, board: Board, player: str, purchase: ev.Purchase) -> Iterator[str]:
        if not purchase.cost:
            return
        mine = advances(board, player)
        resource = next(iter(purchase.cost))
        paid = purchase.cost.get(resource, 0)
        what = f"{player} pay {paid} {resource} for {describe(purchase.units)}"
        current = self._frontier.get(player)
        if current is None:  # no frontier known: any of the game's cheapest prices
            dues = {self._due(prices, purchase, mine, resource) for prices in self.world.prices(player)}
            if paid not in dues:
                yield f"{what}; {' or '.join(str(d) for d in sorted(dues))} due with their advances"
            return
        if current not in self.world.frontier_costs:
            yield f"{what}; cannot tell what is due: their production frontier {current} is not known"
            return
        due = self._due(self.world.frontier_costs[current], purchase, mine, resource)
        if paid == due:
            return
        maybe = [(f, how) for f, how in sorted(self._unrecorded(board, player, current).items())
                 if self._due(self.world.frontier_costs[f], purchase, mine, resource) == paid]
        if maybe:
            frontier, how = maybe[0]
            yield (f"{what}; {due} due in their frontier {current} with their advances; cannot tell: {paid} is due "
                   f"in {frontier}, which {how} may have given them, but the history records no such change")
        else:
            yield f"{what}; {due} due with their advances (frontier {current})"

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
