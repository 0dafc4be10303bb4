"""Conditions that house rules depend on ("before round 3 unless the Axis captured A4 or UK10").

A `Condition` holds when every field given holds; `any_of` holds when one of its conditions does.
Sides are a player name or an alliance name (meaning any of its members).

    any_of:
      - at_war: [[Russians, Axis]]           # some Axis power is at war with the Russians
      - controlled: {side: Axis, territories: [A4, UK10], at_least: 1}
      - attacked: {by: Axis, territories: [PA4, PA10]}
"""

from __future__ import annotations

from pydantic import Field

from compiler.engine.board import Board
from compiler.engine.position import Position
from compiler.engine.rules.base import RuleParams


class Controlled(RuleParams):
    side: str
    territories: list[str]
    at_least: int | None = Field(default=None, description="default: all of them")


class UnitCount(RuleParams):
    type: str
    owner: str | None = None
    territories: list[str] | None = None
    at_least: int | None = None
    at_most: int | None = None


class Attacked(RuleParams):
    by: str
    territories: list[str]


class Condition(RuleParams):
    """Every field given must hold (see the module docstring)."""

    round_at_least: int | None = None
    round_at_most: int | None = None
    at_war: list[tuple[str, str]] = Field(default_factory=list)
    not_at_war: list[tuple[str, str]] = Field(default_factory=list)
    controlled: Controlled | None = None
    units: UnitCount | None = None
    attacked: Attacked | None = None
    any_of: list[Condition] = Field(default_factory=list)

    def names(self) -> dict[str, set[str]]:
        """Names this condition uses, by kind, so a rule can check them against the map."""
        out: dict[str, set[str]] = {"side": set(), "territory": set(), "unit": set()}
        for a, b in [*self.at_war, *self.not_at_war]:
            out["side"] |= {a, b}
        if self.controlled:
            out["side"].add(self.controlled.side)
            out["territory"] |= set(self.controlled.territories)
        if self.units:
            out["unit"].add(self.units.type)
            out["territory"] |= set(self.units.territories or ())
            if self.units.owner:
                out["side"].add(self.units.owner)
        if self.attacked:
            out["side"].add(self.attacked.by)
            out["territory"] |= set(self.attacked.territories)
        for sub in self.any_of:
            for k, v in sub.names().items():
                out[k] |= v
        return out

    def holds(self, board: Board, position: Position | None = None) -> bool:
        """Whether the condition holds on the board, its units and owners taken from `position`
        (default: now; e.g. `board.turn_start`)."""
        where = position or board
        w = board.world
        if self.round_at_least is not None and board.round < self.round_at_least:
            return False
        if self.round_at_most is not None and board.round > self.round_at_most:
            return False

        def war(a: str, b: str) -> bool:
            return any(board.at_war(x, y, where) for x in w.members(a) for y in w.members(b))

        if any(not war(a, b) for a, b in self.at_war):
            return False
        if any(war(a, b) for a, b in self.not_at_war):
            return False
        if self.controlled:
            side = w.members(self.controlled.side)
            held = sum(1 for t in self.controlled.territories if where.owners.get(t) in side)
            need = len(self.controlled.territories) if self.controlled.at_least is None else self.controlled.at_least
            if held < need:
                return False
        if self.units:
            u = self.units
            owners = w.members(u.owner) if u.owner else None
            places = u.territories if u.territories is not None else list(where.units)
            n = sum(
                c
                for t in places
                for (typ, own), c in where.units.get(t, {}).items()
                if typ == u.type and (owners is None or own in owners)
            )
            if (u.at_least is not None and n < u.at_least) or (u.at_most is not None and n > u.at_most):
                return False
        if self.attacked:
            side = w.members(self.attacked.by)
            targets = set(self.attacked.territories)
            if not any(t in targets and who in side for _, t, who in board.battles):
                return False
        if self.any_of and not any(c.holds(board, position) for c in self.any_of):
            return False
        return True
