"""Sea units start in sea zones.

TripleA loads a game that places a ship on land, but refuses every move of a sea unit whose route touches
land, the start included: the ship stays where it was placed for the whole game.

Failing::

    <unitPlacement unitType="battleship" territory="Germany" quantity="1" owner="Germans"/>

Passing::

    <unitPlacement unitType="battleship" territory="5 Sea Zone" quantity="1" owner="Germans"/>

How to fix: place the sea unit in a sea zone (water="true"), or correct the territory's name.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "sea-unit-on-land"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    sea_units = {u for u, opts in ctx.unit_options.items() if opts.get("isSea", "").strip().lower() == "true"}
    for u in ctx.model.unit_placements:
        if u.unit_type in sea_units and u.territory in ctx.territories and u.territory not in ctx.water:
            yield Problem(ID, f"sea unit '{u.unit_type}' is placed on land territory '{u.territory}': TripleA "
                              "never lets a sea unit move from land, so it stays there all game", u.loc, SEVERITY)
