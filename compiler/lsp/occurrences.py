"""The kinds of names a game has, and an occurrence: one name written at one place of a file."""

from __future__ import annotations

from typing import NamedTuple

TERRITORY, UNIT, PLAYER, RESOURCE, ATTACHMENT = "territory", "unit", "player", "resource", "attachment"
KINDS = (TERRITORY, UNIT, PLAYER, RESOURCE, ATTACHMENT)


class Occurrence(NamedTuple):
    """A name written in a file: 0-based line, start and end character index on that line. A tuple: a large game
    has tens of thousands, made afresh whenever its lines move."""

    path: str
    line: int
    start: int
    end: int
    kind: str
    name: str
    defines: bool = False


def kinds_by_name(names: dict[str, set[str]] | dict[str, frozenset[str]]) -> dict[str, str]:
    """Each name's kind (the first of KINDS that has it), of the names of each kind."""
    out: dict[str, str] = {}
    for kind in reversed(KINDS):
        out.update(dict.fromkeys(names[kind], kind))
    return out
