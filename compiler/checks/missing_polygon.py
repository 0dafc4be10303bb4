"""Every territory of the game has a polygon in the map's polygons.txt.

TripleA cannot draw, or let players click, a territory without a polygon and refuses the map.

Failing::

    <territory name="Atlantis"/>   <!-- polygons.txt has no line for Atlantis -->

Passing (polygons.txt)::

    Atlantis  <  (10,10) (20,10) (20,20)  >

How to fix: draw the territory in polygons.txt (TripleA's map creator writes the file), or correct a
misspelled name there.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-polygon"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = map_names(ctx)[0]
    if "polygons.txt" not in files:
        return
    have = {n.name for n in files["polygons.txt"]}
    for t in ctx.model.territories:
        if t.name not in have:
            yield Problem(ID, f"territory '{t.name}' has no polygon in polygons.txt", t.loc, SEVERITY)
