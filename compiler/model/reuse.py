"""What one reading of a game keeps for the next reading of the same game (the language server re-reads a
game after every edit): the attachments read from unchanged text, and what was derived from each of them.

Everything kept is exact by construction. An attachment is reused only when the text of the lines from where
the start tag before it ends to where the one after it ends is the same: then the reader makes the same
attachment, with the same problems about it, only its lines may have moved (lines inserted or removed above
it). A moved attachment is relocated in place, as an editor's syntax tree shifts the nodes an edit leaves
alone: its locations (and those of the reader's problems about it) move by the lines the text moved, so what
was derived from it, which holds those very locations, is up to date too. What is derived from one attachment
(its instances, its checked options, the names it uses) is kept for that very object: a changed or new
attachment is derived afresh. What a derivation reads beside its object (the variables, the release line) is
part of its label.

The memo belongs to one game file: the locations kept name that file.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from compiler.model import game as m
from compiler.problems import Location, Problem

T = TypeVar("T")
Obj = TypeVar("Obj")

_set_line = vars(Location)["line"].__set__  # Location is frozen: relocation is the memo's business alone


@dataclass
class _Kept:
    """An attachment read from the text of the lines from `first` on, with the reader's problems about it."""

    first: int
    attachment: m.Attachment
    problems: list[Problem]

    def move_to(self, first: int) -> None:
        """Relocate in place to text that now starts at line `first`."""
        delta = first - self.first
        self.first = first
        att = self.attachment
        locations = [att.loc, *[option.loc for option in att.options]]
        if self.problems:  # the reader's problems hold locations of their own (each moved once)
            locations += [loc for p in self.problems for loc in (p.location, *p.related)]
            locations = list({id(loc): loc for loc in locations}.values())
        for loc in locations:
            if loc.line:
                _set_line(loc, loc.line + delta)


class Reuse:
    """The reuse memo of one game file; `next_reading()` starts a reading: what the previous reading did not
    use again is dropped, so the memo holds one reading's worth."""

    def __init__(self) -> None:
        self._kept: dict[bytes, list[_Kept]] = {}
        self._read: dict[bytes, list[_Kept]] = {}
        self._derived: dict[tuple[Hashable, int], tuple[Any, Any]] = {}
        self._derived_now: dict[tuple[Hashable, int], tuple[Any, Any]] = {}
        self.readings = 0
        self.reused = 0
        """attachments reused by the latest reading"""
        self.moved = 0
        """of those, how many were relocated"""

    def next_reading(self) -> None:
        """Start a reading of the game: keep only what the previous reading read or derived."""
        if self.readings:
            self._kept, self._read = self._read, {}
            self._derived, self._derived_now = self._derived_now, {}
        self.readings += 1
        self.reused = self.moved = 0

    def forget(self) -> None:
        """Keep nothing (a reading that cannot reuse: what it read so far is not kept either)."""
        self._kept, self._read, self._derived, self._derived_now = {}, {}, {}, {}

    def attachment(self, first: int, text: bytes,
                   read: Callable[[], tuple[m.Attachment, list[Problem]]]) -> tuple[m.Attachment, list[Problem]]:
        """The attachment (and the reader's problems about it) standing on `text`, the lines from `first` on:
        one read from the same text before (relocated when the text moved), else `read()`. Each kept attachment
        serves one place per reading (a text written twice makes two)."""
        candidates = self._kept.get(text)
        if candidates:
            kept = candidates.pop() if len(candidates) == 1 else _take(candidates, first)
            self.reused += 1
            if kept.first != first:
                kept.move_to(first)
                self.moved += 1
        else:
            kept = _Kept(first, *read())
        read_before = self._read.get(text)
        if read_before is None:
            self._read[text] = [kept]
        else:
            read_before.append(kept)
        return kept.attachment, kept.problems

    def derived(self, label: Hashable, obj: Obj, derive: Callable[[Obj], T]) -> T:
        """`derive(obj)`, kept for this very object under `label` (which names what else it reads)."""
        key = (label, id(obj))
        found = self._derived.get(key)
        if found is not None and found[0] is obj:
            value: T = found[1]
        else:
            value = derive(obj)
        self._derived_now[key] = (obj, value)
        return value


def _take(candidates: list[_Kept], first: int) -> _Kept:
    """The candidate at line `first`, else the first one, taken out of `candidates`."""
    kept = next((k for k in candidates if k.first == first), candidates[0])
    candidates.remove(kept)
    return kept


def derived(reuse: Reuse | None, label: Hashable, obj: Obj, derive: Callable[[Obj], T]) -> T:
    """`derive(obj)`, kept in `reuse` when there is one."""
    return derive(obj) if reuse is None else reuse.derived(label, obj, derive)
