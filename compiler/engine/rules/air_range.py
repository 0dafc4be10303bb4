"""air-range: limit how far air units move in each phase.

DiBerardino Classic: fighters move 1 space to attack and 1 back, bombers 2 and 2; aircraft moving
only in non-combat move may move double (fighters 2, bombers 4). Per type: `combat` (combat move),
`back` (non-combat move of units that moved in combat this turn; default `combat`), `noncombat`
(non-combat move of the others), `max` (any single move). With `air_moves_last`, aircraft moving
to attack move after all other units: no land or sea unit may move in combat move after an air unit.
`advances` give the ranges of unit types for players whose tech rolls gained the advance.

    - id: air-range
      ranges: {fighter: {combat: 1, noncombat: 2}, bomber: {combat: 2, noncombat: 4}}
      air_moves_last: true
      advances: {Long Range Aircraft: {fighter: {combat: 2, noncombat: 4}}}

Breaks: Germans move a fighter two spaces in combat move.
Keeps:  Germans move a fighter one space to attack and one space back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.advances import advances
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class Range(RuleParams):
    combat: int | None = Field(default=None, ge=0)
    back: int | None = Field(default=None, ge=0)
    noncombat: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)


class AirRangeParams(RuleParams):
    ranges: dict[str, Range] = Field(min_length=1)
    air_moves_last: bool = False
    advances: dict[str, dict[str, Range]] = Field(default_factory=dict, description="advance -> unit -> range")


class AirRange(HouseRule[AirRangeParams]):
    """limit how far air units move in each phase."""

    id = "air-range"

    def setup(self) -> None:
        self.need("unit", [*self.params.ranges, *(u for r in self.params.advances.values() for u in r)])
        self.attacked: Counter[tuple[str, str, str]] = Counter()
        self.air_moved = self.told = False

    def start_turn(self, board: Board) -> Iterable[str]:
        self.attacked = Counter()
        self.air_moved = self.told = False
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or len(event.route) < 2:
            return
        steps = len(event.route) - 1
        phase = board.phase
        if p.air_moves_last and phase == "combat-move":
            air = [self.world.unit(s.type).is_air for s in event.units]
            if self.air_moved and not all(air) and not self.told:
                self.told = True
                yield "land or sea units move in combat move after aircraft did; aircraft move last (told once a turn)"
            self.air_moved = self.air_moved or any(air)
        owner = mover(event)
        mine = advances(board, owner) if p.advances and owner else set()
        for s in event.units:
            r = next((by[s.type] for a, by in p.advances.items() if a in mine and s.type in by), p.ranges.get(s.type))
            if r is None:
                continue
            limits: list[tuple[int, str]] = []
            if r.max is not None:
                limits.append((r.max, "at most"))
            if phase == "combat-move":
                self.attacked[(event.route[-1], s.type, s.owner)] += s.count
                if r.combat is not None:
                    limits.append((r.combat, "in combat move at most"))
            elif phase == "noncombat-move":
                key = (event.route[0], s.type, s.owner)
                returning = min(self.attacked[key], s.count)
                self.attacked[key] -= returning
                back = r.back if r.back is not None else r.combat
                if returning and back is not None:
                    limits.append((back, "back after combat at most"))
                elif not returning and r.noncombat is not None:
                    limits.append((r.noncombat, "in non-combat move at most"))
            for limit, how in limits:
                if steps > limit:
                    yield f"{s.count} {s.type} move {steps} spaces ({' -> '.join(event.route)}); {how} {limit}"
                    break
