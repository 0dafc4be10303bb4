"""Where things stand: owners, units, resources and relationships, in fast mutable form.

Units are counted per territory as `{(type, owner): count}`. A `Position` is what the live Board
(compiler/engine/board.py) is made of, what it keeps of the start of each turn (a cheap copy), and
how a saved GameState is compared with a replay (compiler/engine/divergence.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from compiler.engine.state import GameState, UnitStack

UnitKey = tuple[str, str]
"""(unit type, owner)"""

K = TypeVar("K")


def copied(counter: Counter[K]) -> Counter[K]:
    """A copy of a Counter, made without Counter.update's checks (a position is copied every turn)."""
    out: Counter[K] = Counter.__new__(Counter)
    dict.update(out, counter)
    return out


class Position:
    """Owners, units, resources and relationships at one moment."""

    __slots__ = ("owners", "units", "resources", "relationships")

    def __init__(self, state: GameState | None = None) -> None:
        self.owners: dict[str, str | None] = {}
        self.units: dict[str, Counter[UnitKey]] = {}
        self.resources: dict[str, Counter[str]] = {}
        self.relationships: dict[str, str] = {}
        if state is not None:
            self.owners = dict(state.owners)
            for territory, stacks in state.units.items():
                self.add(territory, stacks)
            self.resources = {p: Counter(r) for p, r in state.resources.items()}
            self.relationships = dict(state.relationships)

    @staticmethod
    def from_state(state: GameState) -> Position:
        """The position a saved or initial state describes."""
        return Position(state)

    def copy(self) -> Position:
        """A copy of this position (only the position, whatever subclass this is)."""
        out = Position()
        out.owners = dict(self.owners)
        out.units = {t: copied(c) for t, c in self.units.items() if c}
        out.resources = {p: copied(r) for p, r in self.resources.items()}
        out.relationships = dict(self.relationships)
        return out

    def to_state(self, game: str, round_: int, step: str | None, player: str | None) -> GameState:
        return GameState(
            game=game,
            round=round_,
            step=step,
            player=player,
            owners=dict(self.owners),
            units={
                t: [UnitStack(type=k[0], owner=k[1], count=n) for k, n in sorted(c.items()) if n > 0]
                for t, c in sorted(self.units.items())
                if +c
            },
            resources={p: dict(r) for p, r in self.resources.items()},
            relationships=dict(self.relationships),
        )

    # --- units -------------------------------------------------------------------------
    def add(self, territory: str, stacks: Iterable[UnitStack]) -> None:
        here = self.units.setdefault(territory, Counter())
        for s in stacks:
            here[(s.type, s.owner)] += s.count

    def remove(self, territory: str, stacks: Iterable[UnitStack]) -> list[UnitStack]:
        """Take units away; returns the stacks (or parts) that were not there."""
        here = self.units.setdefault(territory, Counter())
        missing = []
        for s in stacks:
            key = (s.type, s.owner)
            have = here[key]
            if have < s.count:
                missing.append(UnitStack(type=s.type, owner=s.owner, count=s.count - have))
            if have > s.count:
                here[key] = have - s.count
            else:
                del here[key]
        return missing

    def count(self, territory: str, type_: str | None = None, owner: str | None = None) -> int:
        return sum(
            n
            for (t, o), n in self.units.get(territory, Counter()).items()
            if (type_ is None or t == type_) and (owner is None or o == owner)
        )

    def owned_units(self, owner: str, type_: str) -> int:
        return sum(c[(type_, owner)] for c in self.units.values())

    def unit_owners(self, territory: str) -> set[str]:
        return {o for (_, o), n in self.units.get(territory, Counter()).items() if n > 0}

    # --- relationships -----------------------------------------------------------------
    def relationship(self, a: str, b: str) -> str | None:
        """The relationship type's name between two players ('self' for one player)."""
        if a == b:
            return "self"
        return self.relationships.get(GameState.pair(a, b))
