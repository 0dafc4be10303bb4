"""Damaged units as a history goes: hits taken by multi-hit units carried from battle to battle.

Events name units by type and owner, not one by one, so where a move takes some of a stack's units the
damaged ones among them are not known: each (territory, unit type, owner) keeps bounds, how many are
surely damaged and how many may be. A rule then blames a damaged unit for firing only when it surely
is one, and a sinking by one hit only when no unit there may have been damaged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from compiler.engine.state import UnitStack

Key = tuple[str, str, str]
"""(territory, unit type, owner)"""


@dataclass
class Hurt:
    """How many units of one stack are surely damaged and how many may be (sure <= maybe)."""

    sure: int = 0
    maybe: int = 0


@dataclass
class Damage:
    """The damaged units of every territory, by unit type and owner."""

    hurt: dict[Key, Hurt] = field(default_factory=dict)
    moved: set[Key] = field(default_factory=set)
    """stacks some units entered or left this turn (they did not all stay a full turn)"""

    def get(self, key: Key) -> Hurt:
        return self.hurt.get(key, Hurt())

    def damage(self, territory: str, stacks: Iterable[UnitStack]) -> None:
        """Units hit once (and not sunk)."""
        for s in stacks:
            h = self.hurt.setdefault((territory, s.type, s.owner), Hurt())
            h.sure += s.count
            h.maybe += s.count

    def lose(self, territory: str, stacks: Iterable[UnitStack], damaged_first: bool = False) -> None:
        """Units gone (sunk, killed, removed): damaged ones first when `damaged_first` (a second hit sank them),
        else any of them."""
        for s in stacks:
            key = (territory, s.type, s.owner)
            h = self.hurt.get(key)
            if h is None:
                continue
            if damaged_first:
                h.sure, h.maybe = max(h.sure - s.count, 0), max(h.maybe - s.count, 0)
            else:
                h.sure = max(h.sure - s.count, 0)
            self._tidy(key)

    def move(self, start: str, end: str, stacks: Iterable[UnitStack], present: dict[tuple[str, str], int]) -> None:
        """Units moving from `start` to `end`; `present`: (type, owner) -> how many stood at `start`."""
        for s in stacks:
            key = (start, s.type, s.owner)
            self.moved.update({key, (end, s.type, s.owner)})
            h = self.hurt.get(key)
            if h is None:
                continue
            total = max(present.get((s.type, s.owner), s.count), s.count)
            n = s.count
            gone = Hurt(max(n - (total - h.sure), 0), min(n, h.maybe))
            h.sure, h.maybe = max(h.sure - n, 0), min(total - n, h.maybe)
            there = self.hurt.setdefault((end, s.type, s.owner), Hurt())
            there.sure += gone.sure
            there.maybe += gone.maybe
            self._tidy(key)
            self._tidy((end, s.type, s.owner))

    def repair(self, keys: Iterable[Key], stayed_only: bool = False) -> None:
        """The units of these stacks are whole again. `stayed_only`: only the units that stayed the whole
        turn; of a stack some units entered or left this turn, which those are is not known (so none is
        surely damaged any more, and all may still be)."""
        for key in list(keys):
            h = self.hurt.get(key)
            if h is None:
                continue
            if stayed_only and key in self.moved:
                h.sure = 0
            else:
                del self.hurt[key]
            self._tidy(key)

    def clamp(self, territory: str, present: dict[tuple[str, str], int]) -> None:
        """No more damaged units in `territory` than stand there (`present`: (type, owner) -> count): units a
        source lists only as a battle's losses, or that left it otherwise, take their damage with them."""
        for key in [k for k in self.hurt if k[0] == territory]:
            h, n = self.hurt[key], max(present.get(key[1:], 0), 0)
            h.sure, h.maybe = min(h.sure, n), min(h.maybe, n)
            self._tidy(key)

    def new_turn(self) -> None:
        self.moved = set()

    def _tidy(self, key: Key) -> None:
        h = self.hurt.get(key)
        if h is not None and h.maybe <= 0:
            del self.hurt[key]
