"""Finding names declared twice, for the checks that report them, and the one summary of a game's harmless repeats.

A repeat that changes nothing (the same connection, owner or attachment declared again alike) is harmless in
TripleA, which keeps one copy; reported line by line it buries the repeats that do change something. The
checks report those one by one and sum up the harmless ones in a single problem per game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from compiler.problems import Location, Problem, Severity

# How many harmless repeats a summary names by line.
SHOWN = 5


def repeated(items: Iterable[tuple[str, Location]]) -> Iterator[tuple[str, Location, Location]]:
    """(name, location, first location) of every item whose name an earlier item already has."""
    seen: dict[str, Location] = {}
    for name, loc in items:
        if name in seen:
            yield name, loc, seen[name]
        else:
            seen[name] = loc


@dataclass(frozen=True)
class Repeat:
    """A declaration repeated without changing anything: what it is ("'A' and 'B'"), where, and where first."""

    what: str
    loc: Location
    first: Location


def repeats_summary(check_id: str, severity: Severity, repeats: list[Repeat], noun: str, effect: str) -> Problem | None:
    """One problem at the first of `repeats` (None when there are none): how many `noun`s repeat an earlier
    one, the first with its line, the lines of the next few (a foreach repeats at its own line), and `effect`,
    what TripleA makes of them."""
    if not repeats:
        return None
    first = repeats[0]
    if len(repeats) == 1:
        return Problem(check_id, f"{first.what} is declared again (first at line {first.first.line}): {effect}",
                       first.loc, severity)
    lines = sorted({r.loc.line for r in repeats} - {first.loc.line})
    shown = ", ".join(str(line) for line in lines[:SHOWN]) + (f" and {len(lines) - SHOWN} more lines"
                                                                if len(lines) > SHOWN else "")
    elsewhere = f", then at line{'s' if len(lines) > 1 else ''} {shown}" if lines else ""
    return Problem(check_id, f"{len(repeats)} {noun} repeat an earlier declaration, first {first.what} here (first at "
                             f"line {first.first.line}){elsewhere}: {effect}", first.loc, severity)
