"""Every name in the map's polygons.txt, centers.txt and place.txt is a territory of the game.

A name that is no territory is usually a territory renamed in the XML but not in the map files.
Map folders with several games are checked against the territories of all of them.

Failing (centers.txt)::

    Germny  (120,80)

Passing::

    Germany  (120,80)
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks._unknown import did_you_mean
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-map-territory"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    known = ctx.territories | ctx.map_names
    for file, names in map_names(ctx)[0].items():
        for n in names:
            if n.name not in known:
                hint = did_you_mean(n.name, ctx.territories)
                yield Problem(ID, f"'{n.name}' in {file} is not a territory of this game{hint}", n.loc, SEVERITY)
