"""Every name in the map's polygons.txt, centers.txt and place.txt is a territory, not a misspelling of one.

TripleA drops the lines of names the game does not have (a map's files often keep territories of other games
and variants drawn on the same map: harmless, not reported) and needs a line for each territory of the game.
So a name is reported when it looks like a misspelling of a territory of the game that has no line in that
file: TripleA ignores the misspelled line, and the territory it was meant for has none (missing-polygon,
missing-center or missing-placement reports that too). Map folders with several games are checked against the
territories of all of them.

Failing (centers.txt, for a game whose territory Germany has no other line there)::

    Germny  (120,80)

Passing::

    Germany  (120,80)

How to fix: correct the misspelled name in the map file to the territory's name in the game.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks._unknown import closest
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-map-territory"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    for file, names in map_names(ctx)[0].items():
        listed = {n.name for n in names}
        lacking = ctx.territories - listed
        if not lacking:
            continue
        for n in names:
            if n.name in ctx.territories or n.name in ctx.map_names:  # siblings' names read only if asked
                continue
            meant = closest(n.name, sorted(lacking))
            if meant is not None:
                yield Problem(ID, f"'{n.name}' in {file} is not a territory of this map's games (did you mean "
                                  f"'{meant}'?): TripleA ignores this line, and territory '{meant}' has no line in "
                                  f"{file}", n.loc, SEVERITY)
