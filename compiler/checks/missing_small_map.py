"""The map has its small map: smallMap.jpeg, smallMap.jpg or smallMap.png.

TripleA 2.x (MapImage) loads the small map (the overview in the corner) when it opens a game, trying
`smallMap.jpeg`, `smallMap.jpg` and `smallMap.png` in the map folder, exactly so named; without one it
throws "File not found: smallMap" and the game does not open (triplea #14261, #14816).

Failing (the map folder holds)::

    smallmap.png

Passing (the map folder holds)::

    smallMap.png

How to fix: save the map's overview as `smallMap.png` (or .jpg, .jpeg) in the map folder, spelt exactly so.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import image_index, map_properties_loc, said
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-small-map"
SEVERITY = Severity.ERROR
NAMES = ("smallMap.jpeg", "smallMap.jpg", "smallMap.png")


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = image_index(ctx)
    if index is None or index.first(NAMES):
        return
    hint = next((h for name in NAMES if (h := said(name, index))), "")
    yield Problem(ID, f"the map folder has no smallMap.jpeg, smallMap.jpg or smallMap.png{hint}: TripleA cannot "
                  "open the game ('File not found: smallMap')", map_properties_loc(ctx), SEVERITY)
