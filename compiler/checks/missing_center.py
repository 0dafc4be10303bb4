"""Every territory of the game has a center in the map's centers.txt.

The center is where TripleA writes the territory's name and draws its owner's flag. A territory drawn
in polygons.txt without a center is polygon-without-center's (an error: TripleA 2.x refuses to start).

Failing::

    <territory name="Atlantis"/>   <!-- centers.txt has no line for Atlantis -->

Passing (centers.txt)::

    Atlantis  (15,15)

How to fix: add a line `Name  (x,y)` for the territory to centers.txt, inside its polygon.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-center"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = map_names(ctx)[0]
    if "centers.txt" not in files:
        return
    have = {n.name for n in files["centers.txt"]}
    drawn = {n.name for n in files.get("polygons.txt", ())}
    for t in ctx.model.territories:
        if t.name not in have and t.name not in drawn:
            yield Problem(ID, f"territory '{t.name}' has no center in centers.txt", t.loc, SEVERITY)
