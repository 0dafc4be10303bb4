"""resource-tracing: resources count only from territories that trace a path to a friendly factory.

A factory may place no more units than the resources tracing to it (a new factory is placed at none).

DiBerardino Classic: territories have resource values (`values`, default the game's production);
a path runs through land owned by the player or its allies and through sea zones, never through a
space solely occupied by enemy forces (enemy transports alone do not block); only territories and
factories held at the start of the turn count; captured factories are never used
(`original_factories_only`: a factory counts only for the player who had it at the start of the game
or placed it; one it built in a conquered territory is its own). Income is checked on the end-of-turn
collection (TripleA: "Germans collect 13 PUs"): a `resources` event of cause `income`, told from its
step when not given (compiler/engine/income.py).
`halved` territories give any holder but the named player half their value, rounded down (Scorched
Earth); `tributes` count for a player while unowned (neutral Sweden for Germany). `resistance`
players are not eliminated with their capital: their resources are not taken in a battle, and
while their capital is lost they still collect what traces (TripleA collects nothing then).

    - id: resource-tracing
      values: {Eastern United States: 7, Western United States: 6, United Kingdom: 1, ...}
      factory_types: [factory]
      non_blocking: [transport]
      halved: {Russians: [Caucasus, Russia, Ukraine S.S.R.]}
      tributes: {Sweden: Germans}
      resistance: [Russians]

Breaks: Germans place 4 infantry in Germany while only 3 resources trace to its factory.
Keeps:  Germans place 3 infantry there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.income import Causes
from compiler.engine.position import Position
from compiler.engine.rules.base import HouseRule, RuleParams, count_units, factory_types


def _passable(board: Board, start: Position, player: str, t: str, non_blocking: set[str]) -> bool:
    """Friendly land, or any space, not solely occupied by enemy forces (of types other than `non_blocking`)."""
    if board.world.is_land(t) and not board.friendly(player, start.owners.get(t), start):
        return False
    units = [k for k, n in start.units.get(t, {}).items() if n > 0]
    enemy = [k for k in units if board.at_war(player, k[1], start) and k[0] not in non_blocking]
    return not enemy or any(board.friendly(player, k[1], start) for k in units)


def reach(board: Board, position: Position, player: str, start: str, non_blocking: set[str]) -> set[str]:
    """The spaces a land and/or sea path from `start` reaches for `player` in `position` (start included)."""
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in board.world.neighbours.get(here, ()):
            if there not in seen and _passable(board, position, player, there, non_blocking):
                seen.add(there)
                todo.append(there)
    return seen


class ResourceTracingParams(RuleParams):
    values: dict[str, int] | None = Field(default=None, description="territory -> resources (default production)")
    factory_types: list[str] | None = Field(default=None, description="default: unit types that are factories")
    original_factories_only: bool = True
    non_blocking: list[str] = Field(default_factory=lambda: ["transport"])
    players: list[str] | None = None
    halved: dict[str, list[str]] = Field(default_factory=dict, description="player -> territories halved for others")
    tributes: dict[str, str] = Field(default_factory=dict, description="unowned territory -> player it pays")
    resistance: list[str] = Field(default_factory=list, description="players not eliminated with their capital")


class ResourceTracing(HouseRule[ResourceTracingParams]):
    """resources count only from territories that trace a path to a friendly factory."""

    id = "resource-tracing"

    def setup(self) -> None:
        p = self.params
        self.need("territory", p.values or ())
        self.need("unit", [*(p.factory_types or ()), *p.non_blocking])
        self.need("player", [*(p.players or ()), *p.halved, *p.tributes.values(), *p.resistance])
        self.need("territory", [*(t for ts in p.halved.values() for t in ts), *p.tributes])
        self.halved = {t: keeper for keeper, ts in p.halved.items() for t in ts}
        self.collected = False
        self.values = p.values if p.values is not None else self.world.production
        self.factory_types = factory_types(self.world, p.factory_types)
        self.builders = self._initial_builders()
        self.limits: dict[str, int] = {}
        self.placed: Counter[str] = Counter()
        self.traced = 0
        self.active = False
        self.causes = Causes()

    def _initial_builders(self) -> dict[str, str]:
        """Territory -> the owner of its factory at the start of the game."""
        initial = self.world.initial
        if initial is None:
            return {}
        return {t: s.owner for t, stacks in initial.units.items() for s in stacks
                if s.type in self.factory_types and s.count > 0}

    def _reach(self, board: Board, position: Position, player: str, factory: str) -> set[str]:
        return reach(board, position, player, factory, set(self.params.non_blocking))

    def start_turn(self, board: Board) -> Iterable[str]:
        p = self.params
        player, start = board.player, board.turn_start
        self.limits, self.placed, self.traced, self.collected = {}, Counter(), 0, False
        self.active = player is not None and (p.players is None or player in p.players)
        if player is None or not self.active:
            return ()
        mine = {t for t, o in start.owners.items() if o == player and self.values.get(t, 0) > 0}
        traced: set[str] = set()
        for t, units in start.units.items():
            has_factory = any(k[0] in self.factory_types and n > 0 for k, n in units.items())
            if not has_factory or start.owners.get(t) != player:
                continue
            if p.original_factories_only and self.builders.get(t, player) != player:
                continue
            reach = self._reach(board, start, player, t) & mine
            self.limits[t] = sum(self._value(x, player) for x in reach)
            traced |= reach
        self.traced = sum(self._value(x, player) for x in traced)
        self.traced += sum(self.values.get(t, 0) for t, to in p.tributes.items()
                           if to == player and start.owners.get(t) is None)
        return ()

    def _value(self, territory: str, holder: str) -> int:
        value = self.values.get(territory, 0)
        keeper = self.halved.get(territory)
        return value // 2 if keeper is not None and keeper != holder else value

    def _capital_lost(self, board: Board, player: str) -> str | None:
        capitals = [t for t, owner in self.world.capitals.items() if owner == player]
        return next((t for t in capitals if board.owners.get(t) != player), None)

    def end_turn(self, board: Board) -> Iterable[str]:
        player = board.player
        if not self.active or player not in self.params.resistance or self.collected or self.traced <= 0:
            return
        lost = self._capital_lost(board, player)
        if lost is not None:
            yield (f"{player} collect nothing with {lost} lost, though {self.traced} resource(s) trace to their "
                   "factories; they are not eliminated")

    def _factory_for(self, where: str) -> str | None:
        if where in self.limits:
            return where
        if self.world.is_land(where):
            return None
        near = [t for t in self.world.neighbours.get(where, ()) if t in self.limits]
        return max(near, key=lambda t: self.limits[t] - self.placed[t], default=None)

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        cause = self.causes.of(board, event) if isinstance(event, ev.ResourceChange) else None
        if (isinstance(event, ev.ResourceChange) and event.amount < 0 and event.player in self.params.resistance
                and event.player != board.player and cause == "capture"):
            yield (f"{event.player} lose {-event.amount} {event.resource} in another player's battle "
                   f"({event.reason}); they are not eliminated with their capital")
        if isinstance(event, ev.Place) and event.territory not in self.builders:
            built = next((s.owner for s in event.units if s.type in self.factory_types and s.count > 0), None)
            if built is not None:
                self.builders[event.territory] = built
        if not self.active:
            return
        placed = [s for s in event.units if s.type not in self.factory_types] if isinstance(event, ev.Place) else []
        if isinstance(event, ev.Place) and event.player == board.player and placed:  # a new factory needs none
            factory = self._factory_for(event.territory)
            if factory is None:
                yield f"{event.player} places units in {event.territory}, which has no usable factory"
                return
            before = self.placed[factory]
            self.placed[factory] += count_units(placed)
            if self.placed[factory] > self.limits[factory]:
                yield (
                    f"{self.placed[factory]} units placed at the factory in {factory}; "
                    f"only {self.limits[factory]} resource(s) trace to it"
                    + (" (already over)" if before > self.limits[factory] else "")
                )
        elif (isinstance(event, ev.ResourceChange) and event.player == board.player and event.amount > 0
              and cause == "income"):
            self.collected = True
            if event.amount > self.traced:
                yield f"{event.player} collects {event.amount} {event.resource}; only {self.traced} trace to a factory"
