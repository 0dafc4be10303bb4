"""Every territory of the game drawn in polygons.txt has a centre in centers.txt.

TripleA 2.x refuses to start a game whose map lacks a centre for one of its territories
("No data of type centers for territory"); the centre is where it writes the name and the flag.
(missing-center reports the same from the game's side, at the territory in the game XML.)

Failing (polygons.txt and centers.txt)::

    Atlantis  <  (10,10) (20,10) (20,20)  >
    # centers.txt has no line for Atlantis

Passing (centers.txt)::

    Atlantis  (15,15)

How to fix: add a line `Name  (x,y)` for the territory to centers.txt, inside its polygon.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._geometry import map_shapes
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "polygon-without-center"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    shapes = map_shapes(ctx)
    if shapes is None or ctx.map_files is None:
        return
    if ctx.map_files.get("centers.txt") is None:
        polygons = ctx.map_files.get("polygons.txt")
        where = Location(polygons[0], 1, 1) if polygons else ctx.game_loc
        yield Problem(ID, "the map has polygons.txt but no centers.txt: TripleA 2.x refuses to start its games",
                      where, SEVERITY)
        return
    centers = shapes.geometry.centers
    for name, outline in shapes.geometry.polygons.items():
        if name in ctx.territories and name not in centers:
            yield Problem(ID, f"territory '{name}' has a polygon but no centre in centers.txt: "
                              "TripleA 2.x refuses to start the game", outline.loc, SEVERITY)
