"""resource-tracing: resources count only from territories that trace a path to a friendly factory.

A factory may place no more units than the resources tracing to it.

DiBerardino Classic: territories have resource values (`values`, default the game's production);
a path runs through land owned by the player or its allies and through sea zones, never through a
space solely occupied by enemy forces (enemy transports alone do not block); only territories and
factories held at the start of the turn count; captured factories are never used
(`original_factories_only`). Income is checked on `resources` events whose reason mentions income.

    - id: resource-tracing
      values: {Eastern United States: 7, Western United States: 6, United Kingdom: 1, ...}
      factory_types: [factory]
      non_blocking: [transport]

Breaks: Germans place 4 infantry in Germany while only 3 resources trace to its factory.
Keeps:  Germans place 3 infantry there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.position import Position
from compiler.engine.rules.base import HouseRule, RuleParams, count_units


class ResourceTracingParams(RuleParams):
    values: dict[str, int] | None = Field(default=None, description="territory -> resources (default production)")
    factory_types: list[str] | None = Field(default=None, description="default: unit types that are factories")
    original_factories_only: bool = True
    non_blocking: list[str] = Field(default_factory=lambda: ["transport"])
    players: list[str] | None = None


class ResourceTracing(HouseRule[ResourceTracingParams]):
    """resources count only from territories that trace a path to a friendly factory."""

    id = "resource-tracing"

    def setup(self) -> None:
        p = self.params
        self.need("territory", p.values or ())
        self.need("unit", [*(p.factory_types or ()), *p.non_blocking])
        self.need("player", p.players or ())
        self.values = p.values if p.values is not None else self.world.production
        self.factory_types = set(p.factory_types or (u for u, i in self.world.units.items() if i.is_factory))
        initial = self.world.initial
        self.original = dict(initial.owners) if initial else {}
        self.limits: dict[str, int] = {}
        self.placed: Counter[str] = Counter()
        self.traced = 0
        self.active = False

    def _passable(self, board: Board, start: Position, player: str, t: str) -> bool:
        if self.world.is_land(t) and not board.friendly(player, start.owners.get(t), start):
            return False
        units = [(k, n) for k, n in start.units.get(t, {}).items() if n > 0]
        blocking = self.params.non_blocking
        enemy = [k for k, _ in units if board.at_war(player, k[1], start) and k[0] not in blocking]
        friends = [k for k, _ in units if board.friendly(player, k[1], start)]
        return not enemy or bool(friends)

    def _reach(self, board: Board, position: Position, player: str, factory: str) -> set[str]:
        seen = {factory}
        todo = [factory]
        while todo:
            here = todo.pop()
            for there in self.world.neighbours.get(here, ()):
                if there not in seen and self._passable(board, position, player, there):
                    seen.add(there)
                    todo.append(there)
        return seen

    def start_turn(self, board: Board) -> Iterable[str]:
        p = self.params
        player, start = board.player, board.turn_start
        self.limits, self.placed, self.traced = {}, Counter(), 0
        self.active = player is not None and (p.players is None or player in p.players)
        if player is None or not self.active:
            return ()
        mine = {t for t, o in start.owners.items() if o == player and self.values.get(t, 0) > 0}
        traced: set[str] = set()
        for t, units in start.units.items():
            has_factory = any(k[0] in self.factory_types and n > 0 for k, n in units.items())
            if not has_factory or start.owners.get(t) != player:
                continue
            if p.original_factories_only and self.original.get(t) not in (None, player):
                continue
            if p.original_factories_only and self.original.get(t) is None:
                continue
            reach = self._reach(board, start, player, t) & mine
            self.limits[t] = sum(self.values.get(x, 0) for x in reach)
            traced |= reach
        self.traced = sum(self.values.get(x, 0) for x in traced)
        return ()

    def _factory_for(self, where: str) -> str | None:
        if where in self.limits:
            return where
        if self.world.is_land(where):
            return None
        near = [t for t in self.world.neighbours.get(where, ()) if t in self.limits]
        return max(near, key=lambda t: self.limits[t] - self.placed[t], default=None)

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not self.active:
            return
        if isinstance(event, ev.Place) and event.player == board.player:
            factory = self._factory_for(event.territory)
            if factory is None:
                yield f"{event.player} places units in {event.territory}, which has no usable factory"
                return
            before = self.placed[factory]
            self.placed[factory] += count_units(event.units)
            if self.placed[factory] > self.limits[factory]:
                yield (
                    f"{self.placed[factory]} units placed at the factory in {factory}; "
                    f"only {self.limits[factory]} resource(s) trace to it"
                    + (" (already over)" if before > self.limits[factory] else "")
                )
        elif isinstance(event, ev.ResourceChange) and event.player == board.player and event.amount > 0:
            if event.reason and "income" in event.reason.lower() and event.amount > self.traced:
                yield f"{event.player} collects {event.amount} {event.resource}; only {self.traced} trace to a factory"
