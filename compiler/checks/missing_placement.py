"""Every territory of the game has placement points in the map's place.txt.

Placement points are where TripleA draws the units of a territory; without them units pile up.

Failing::

    <territory name="Atlantis"/>   <!-- place.txt has no line for Atlantis -->

Passing (place.txt)::

    Atlantis  (12,12)  (18,12)

How to fix: add the territory's placement points to place.txt (TripleA's map creator writes the file).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-placement"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = map_names(ctx)[0]
    if "place.txt" not in files:
        return
    have = {n.name for n in files["place.txt"]}
    for t in ctx.model.territories:
        if t.name not in have:
            yield Problem(ID, f"territory '{t.name}' has no placement point in place.txt", t.loc, SEVERITY)
