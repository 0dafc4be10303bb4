"""Finding names declared twice, for the checks that report them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from compiler.problems import Location


def repeated(items: Iterable[tuple[str, Location]]) -> Iterator[tuple[str, Location, Location]]:
    """(name, location, first location) of every item whose name an earlier item already has."""
    seen: dict[str, Location] = {}
    for name, loc in items:
        if name in seen:
            yield name, loc, seen[name]
        else:
            seen[name] = loc
