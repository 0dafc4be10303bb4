"""naval-end-zone: naval units entering a sea zone must end their move there unless all land around it is friendly.

Unless every territory around the zone was friendly at the start of the turn (G40 Alt Universe:
Sea Zone 76).

Units that began the turn in the zone may leave freely. `territories` defaults to the land
territories adjacent to the zone on the map. `exempt_when` frees a player while a condition held at
the start of its turn (Japan may use the strait while not at war with China, and on the turn it
declares that war).

    - id: naval-end-zone
      zone: 76 Sea Zone
      exempt_when: {Japanese: {not_at_war: [[Japanese, Chinese]]}}

Breaks: Japanese move a destroyer 75 -> 76 -> 77 Sea Zone while C10 was Chinese (neutral) at turn start.
Keeps:  Japanese move a destroyer 75 -> 76 Sea Zone and stop there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, describe, mover
from compiler.engine.rules.conditions import Condition


class NavalEndZoneParams(RuleParams):
    zone: str
    territories: list[str] | None = None
    players: list[str] | None = None
    exempt_when: dict[str, Condition] = Field(default_factory=dict)


class NavalEndZone(HouseRule[NavalEndZoneParams]):
    """naval units entering a sea zone must end their move there unless all land around it is friendly."""

    id = "naval-end-zone"

    def setup(self) -> None:
        p = self.params
        self.need("territory", [p.zone, *(p.territories or ())])
        self.need("player", [*(p.players or ()), *p.exempt_when])
        for condition in p.exempt_when.values():
            names = condition.names()
            self.need("side", names["side"])
            self.need("territory", names["territory"])
            self.need("unit", names["unit"])
        self.around = p.territories or sorted(
            t for t in self.world.neighbours.get(p.zone, ()) if self.world.is_land(t)
        )
        self.left: Counter[tuple[str, str]] = Counter()
        self.exempt = False

    def start_turn(self, board: Board) -> Iterable[str]:
        self.left = Counter()
        exempt = self.params.exempt_when.get(board.player or "")
        self.exempt = exempt is not None and exempt.holds(board, board.turn_start)
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or p.zone not in event.route[:-1]:
            return
        ships = [s for s in event.units if self.world.unit(s.type).is_sea]
        player = mover(event)
        if not ships or player is None or (p.players and player not in p.players):
            return
        if self.exempt and player == board.player:
            return
        if all(board.friendly_territory(player, t, board.turn_start) for t in self.around):
            return
        if event.route[0] == p.zone:
            # only units that were already there at the start of the turn may leave
            newcomers = []
            for s in ships:
                key = (s.type, s.owner)
                there = board.turn_start.units.get(p.zone, Counter())[key] - self.left[key]
                self.left[key] += s.count
                if s.count > there:
                    newcomers.append(s.model_copy(update={"count": s.count - max(there, 0)}))
            if newcomers:
                yield (
                    f"{describe(newcomers)} entered {p.zone} this turn and must end the move there "
                    f"(not all of {', '.join(self.around)} were friendly at the start of the turn)"
                )
            if p.zone not in event.route[1:-1]:
                return
        yield (
            f"{describe(ships)} pass through {p.zone} but must end the move there "
            f"(not all of {', '.join(self.around)} were friendly at the start of the turn)"
        )
