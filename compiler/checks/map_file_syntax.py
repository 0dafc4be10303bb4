"""Every line of the map's point files can be read as TripleA reads it.

TripleA 2.x reads place.txt, territory_effects.txt, polygons.txt, centers.txt, vc.txt, convoy.txt,
comments.txt, blockade.txt, capitols.txt, pu_place.txt, name_place.txt, kamikaze_place.txt and
decorations.txt in this order, then map.properties. A line it cannot read (no `<` in polygons.txt, no point
after the name in the others, a coordinate beyond Java's whole numbers) or a name listed twice in one file
makes it stop reading: the files after it are not read, map.properties among them, and without map.properties
the game does not open. Blank lines are skipped; nothing else is: a `#` comment line is a line it cannot read.
The files are read as UTF-8: a file that is not cannot be read at all (the map does not open), and a
byte-order mark becomes part of the first name (a warning: that line matches no territory).

Failing (polygons.txt)::

    # Europe
    Germany  <  (10,10) (20,10) (20,20)  >

Passing::

    Germany  <  (10,10) (20,10) (20,20)  >

How to fix: write the line as `name < (x,y) ... >` (polygons.txt) or `name (x,y) ...` (the other files),
list each name once, delete comment lines, and save the file as UTF-8.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "map-file-syntax"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from map_names(ctx)[1]
