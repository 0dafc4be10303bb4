"""What a fix is: the check it answers, whether it is safe, and its byte edits of one or more files."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.problems import Location


@dataclass(frozen=True, slots=True)
class TextEdit:
    """Replace bytes [start, end) of a file with `text` (bytes in the file's own encoding)."""

    path: str
    """the file, named as the problem's Location names it"""
    start: int
    end: int
    text: bytes


@dataclass(frozen=True, slots=True)
class Fix:
    """The edits that correct one problem.

    Safe fixes keep the game's meaning as TripleA reads it or restore what the author evidently meant
    (a legacy spelling, a name's capitalisation, a game map.yml forgot to list); unsafe ones change what the game
    does and are applied only when asked (`--unsafe-fixes`)."""

    code: str
    title: str
    safe: bool
    edits: tuple[TextEdit, ...]
    location: Location

    def applies(self, unsafe: bool) -> bool:
        """Whether `--fix` applies it: a safe fix always, an unsafe one only with `--unsafe-fixes`."""
        return self.safe or unsafe
