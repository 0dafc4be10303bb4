"""factory-evacuation: factories move only as the variant allows: by rail, a few spaces, and build nothing that turn.

Some players' factories move by rail in non-combat move, at most `max_spaces` through land they held
at the turn's start, and a moved factory places nothing that turn.

TripleA cannot move a factory: a history moves it with a `move` event of the factory unit (edit mode
in TripleA). Moves of other players' factories, in another phase, further, or through land not
held at the turn's start, and placements at a factory that moved this turn, break the rule.

    - id: factory-evacuation
      players: [Russians]
      max_spaces: 2

Breaks: the Russians move the factory of Caucasus 3 spaces, or place units where it arrived.
Keeps:  the Russians move it 2 spaces in non-combat move and place nothing there that turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, factory_types


class FactoryEvacuationParams(RuleParams):
    players: list[str] = Field(min_length=1)
    max_spaces: int = Field(ge=1)
    factory_types: list[str] | None = Field(default=None, description="default: unit types that are factories")


class FactoryEvacuation(HouseRule[FactoryEvacuationParams]):
    """factories move only as the variant allows: by rail, a few spaces, and build nothing that turn."""

    id = "factory-evacuation"

    def setup(self) -> None:
        p = self.params
        self.need("player", p.players)
        self.need("unit", p.factory_types or ())
        self.factory_types = factory_types(self.world, p.factory_types)
        self.moved: set[str] = set()

    def start_turn(self, board: Board) -> Iterable[str]:
        self.moved = set()
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.Place) and event.territory in self.moved:
            yield f"{event.player} place units at the factory in {event.territory}, which moved this turn"
        if not isinstance(event, ev.Move) or len(event.route) < 2:
            return
        factories = [s for s in event.units if s.type in self.factory_types]
        if not factories:
            return
        owner = factories[0].owner
        route = " -> ".join(event.route)
        if owner not in self.params.players:
            yield f"{owner} move a factory ({route}); only {', '.join(self.params.players)} may"
            return
        if board.phase != "noncombat-move":
            yield f"{owner} move a factory in {board.phase} ({route}); only by rail in non-combat move"
        if len(event.route) - 1 > self.params.max_spaces:
            yield f"{owner} move a factory {len(event.route) - 1} spaces ({route}); at most {self.params.max_spaces}"
        start = board.turn_start
        off = [t for t in event.route if not self.world.is_land(t) or start.owners.get(t) != owner]
        if off:
            yield f"{owner} move a factory by rail through {off[0]}, not their land at the turn's start"
        self.moved.add(event.route[-1])
