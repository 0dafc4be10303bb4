"""movement-area: units of some players may move only within (or never into) an area while a condition holds.

An area is a union of parts, each judged on the board at the time of the move: named `territories`,
those `originally` owned by players (at the game's start), those `owned_by` players now, every
territory `adjacent_to_owned_by` players now, every sea zone (`water`), and `also` parts that count only while their own
`when` holds. With `allowed` the units must stay inside the area; with `forbidden` they may not
enter it. `check: route` judges every territory the units enter (`pass_through` ones may be crossed
but not ended in), `check: end` only where they stop. `when` (judged at the move) switches the rule
on for `players` (names or alliances); `unit_kinds` (land, air, sea) and `unit_types` pick the
units it restricts.

G40 Alt Universe, China at war (one entry; a neutral that must stay home uses the same shape):

    - id: movement-area
      players: [Chinese]
      when: {at_war: [[Chinese, Axis]]}
      allowed:
        originally: [Chinese, Japanese]
        also: [{territories: [R26, R31, R32], when: {at_war: [[Russians, Japanese]]}}]
      pass_through: {territories: [76 Sea Zone]}

Breaks: Chinese at war move infantry C3 -> R28, outside the original Chinese and Japanese territories.
Keeps:  Chinese at war move infantry C3 -> C4, an original Chinese territory.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field, model_validator

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, describe
from compiler.engine.rules.conditions import Condition
from compiler.engine.state import UnitStack

Kind = Literal["land", "air", "sea"]


class AreaPart(RuleParams):
    """Territories counted in an area while `when` holds (always, if not given)."""

    territories: list[str] = Field(default_factory=list)
    originally: list[str] = Field(default_factory=list, description="owned by these players at the game's start")
    owned_by: list[str] = Field(default_factory=list, description="owned by these players (or alliances) now")
    adjacent_to_owned_by: list[str] = Field(default_factory=list,
                                            description="bordering a territory owned by these players now")
    water: bool = Field(False, description="every sea zone")
    when: Condition | None = None


class Area(AreaPart):
    """An area: its own parts and the `also` parts, each with its own condition."""

    also: list[AreaPart] = Field(default_factory=list)


class MovementAreaParams(RuleParams):
    players: list[str] = Field(min_length=1)
    when: Condition | None = Field(default=None, description="the rule holds while this holds (judged at the move)")
    allowed: Area | None = None
    forbidden: Area | None = None
    pass_through: AreaPart | None = Field(default=None, description="may be crossed, never ended in")
    check: Literal["route", "end"] = "route"
    unit_kinds: list[Kind] | None = None
    unit_types: list[str] | None = None

    @model_validator(mode="after")
    def _one_area(self) -> MovementAreaParams:
        if (self.allowed is None) == (self.forbidden is None):
            raise ValueError("give either allowed or forbidden")
        return self


def _parts(params: MovementAreaParams) -> list[AreaPart]:
    """Every part of the rule's areas."""
    parts: list[AreaPart] = []
    for area in (params.allowed, params.forbidden):
        if area is not None:
            parts += [area, *area.also]
    if params.pass_through:
        parts.append(params.pass_through)
    return parts


class MovementArea(HouseRule[MovementAreaParams]):
    """units of some players may move only within (or never into) an area while a condition holds."""

    id = "movement-area"

    def setup(self) -> None:
        p = self.params
        self.need("side", p.players)
        self.need("unit", p.unit_types or ())
        parts = _parts(p)
        for part in parts:
            self.need("territory", part.territories)
            self.need("side", [*part.originally, *part.owned_by, *part.adjacent_to_owned_by])
        for condition in [*(part.when for part in parts if part.when), *([p.when] if p.when else [])]:
            names = condition.names()
            self.need("side", names["side"])
            self.need("territory", names["territory"])
            self.need("unit", names["unit"])
        self.players = set().union(*(self.world.members(s) for s in p.players))
        self.original = self.world.original_owners

    def _restricted(self, stack: UnitStack) -> bool:
        p = self.params
        if stack.owner not in self.players or (p.unit_types and stack.type not in p.unit_types):
            return False
        if p.unit_kinds is None:
            return True
        info = self.world.unit(stack.type)
        kind = "air" if info.is_air else "sea" if info.is_sea else "land"
        return kind in p.unit_kinds

    def _in_part(self, board: Board, part: AreaPart, territory: str) -> bool:
        if part.when and not part.when.holds(board):
            return False
        if territory in part.territories or self.original.get(territory) in part.originally:
            return True
        if part.water and territory in self.world.water:
            return True
        owners = set().union(*(self.world.members(s) for s in part.owned_by)) if part.owned_by else set()
        if board.owners.get(territory) in owners:
            return True
        if part.adjacent_to_owned_by:
            near = set().union(*(self.world.members(s) for s in part.adjacent_to_owned_by))
            return any(board.owners.get(t) in near for t in self.world.neighbours.get(territory, ()))
        return False

    def _in_area(self, board: Board, area: Area, territory: str) -> bool:
        return any(self._in_part(board, part, territory) for part in (area, *area.also))

    def _outside(self, board: Board, territory: str, last: bool) -> bool:
        """Whether entering `territory` (the move's end if `last`) breaks the rule."""
        p = self.params
        if not last and p.pass_through and self._in_part(board, p.pass_through, territory):
            return False
        if p.allowed is not None:
            return not self._in_area(board, p.allowed, territory)
        assert p.forbidden is not None
        return self._in_area(board, p.forbidden, territory)

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or len(event.route) < 2:
            return
        units = [s for s in event.units if self._restricted(s)]
        if not units or (p.when and not p.when.holds(board)):
            return
        entered = event.route[1:] if p.check == "route" else event.route[-1:]
        bad = [t for i, t in enumerate(entered, 1) if self._outside(board, t, i == len(entered))]
        if bad:
            where = "outside the area they must stay in" if p.allowed else "inside the area closed to them"
            yield f"{describe(units)} move {' -> '.join(event.route)}: {', '.join(bad)} is {where}"
