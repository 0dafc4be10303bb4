"""A fast, mutable copy of a GameState that the engine changes event by event.

Units are counted per territory as `{(type, owner): count}`; a snapshot is a cheap copy, taken at
the start of every player's turn so that rules can ask what was true then.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from compiler.engine.state import GameState, UnitStack

UnitKey = tuple[str, str]


class Board:
    """Owners, units, resources and relationships as they stand now."""

    __slots__ = ("owners", "units", "resources", "relationships")

    def __init__(self) -> None:
        self.owners: dict[str, str | None] = {}
        self.units: dict[str, Counter[UnitKey]] = {}
        self.resources: dict[str, Counter[str]] = {}
        self.relationships: dict[str, str] = {}

    @classmethod
    def from_state(cls, state: GameState) -> Board:
        board = cls()
        board.owners = dict(state.owners)
        for territory, stacks in state.units.items():
            board.add(territory, stacks)
        board.resources = {p: Counter(r) for p, r in state.resources.items()}
        board.relationships = dict(state.relationships)
        return board

    def snapshot(self) -> Board:
        copy = Board()
        copy.owners = dict(self.owners)
        copy.units = {t: Counter(c) for t, c in self.units.items() if c}
        copy.resources = {p: Counter(r) for p, r in self.resources.items()}
        copy.relationships = dict(self.relationships)
        return copy

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
            have = here[(s.type, s.owner)]
            if have < s.count:
                missing.append(UnitStack(type=s.type, owner=s.owner, count=s.count - have))
            here[(s.type, s.owner)] = max(have - s.count, 0)
            if here[(s.type, s.owner)] == 0:
                del here[(s.type, s.owner)]
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
        if a == b:
            return "self"
        return self.relationships.get(GameState.pair(a, b))
