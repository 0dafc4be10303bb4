"""Every unit tooltip in tooltips.properties names a unit type (and player) of the game.

TripleA 2.x (TooltipProperties) shows a unit's tooltip from the map's tooltips.properties:
`tooltip.unit.<unit>.<player>`, else `tooltip.unit.<unit>` replaces the tooltip it writes from the unit's
attachment, and the same keys ending in `.append` add to it. A key whose unit (or player) the game does not
have is never looked up: the text is silently unused. Maps share the file between their games, so a key is
reported only when it looks like a misspelling of a unit type of this game.

Failing (the game has the unit type infantry)::

    tooltip.unit.infantary=<br>Basic land unit.

Passing::

    tooltip.unit.infantry=<br>Basic land unit.

How to fix: spell the unit type (and the player) exactly as the game declares them.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import folder_index, properties
from compiler.checks._unknown import closest
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "tooltips-file"
SEVERITY = Severity.WARNING
TOOLTIPS = "tooltips.properties"
PREFIX = "tooltip.unit."
APPEND = ".append"


def _names_a_unit(rest: str, units: set[str], players: set[str]) -> bool:
    """Whether `rest` (a key without its prefix and `.append`) is `<unit>` or `<unit>.<player>` of the game."""
    if rest in units:
        return True
    unit, _, player = rest.rpartition(".")
    return unit in units and player in players


def check(ctx: CheckContext) -> Iterator[Problem]:
    if folder_index(ctx) is None:
        return
    texts = properties(ctx, TOOLTIPS)
    if texts is None:
        return
    units = set(ctx.model.unit_types)
    players = {p.name for p in ctx.model.players} | {"Neutral"}  # the null player is called Neutral
    for key, entry in texts.entries.items():
        if not key.startswith(PREFIX):
            continue
        rest = key[len(PREFIX):].removesuffix(APPEND)
        if _names_a_unit(rest, units, players):
            continue
        meant = closest(rest, sorted(units)) or closest(rest.rpartition(".")[0], sorted(units))
        if meant is None:
            continue  # a unit of another game of the map
        yield Problem(ID, f"key '{key}' names no unit type of this game (did you mean '{meant}'?): TripleA never "
                          "shows this tooltip", Location(texts.path, entry.line, 1), SEVERITY)
