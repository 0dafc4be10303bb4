"""Every name in the map's territory files (polygons.txt, centers.txt, place.txt, vc.txt, capitols.txt,
name_place.txt, pu_place.txt, blockade.txt, convoy.txt, kamikaze_place.txt, comments.txt,
territory_effects.txt) is a territory, not a misspelling of one.

TripleA drops the lines of names the game does not have (a map's files often keep territories of other games
and variants drawn on the same map: harmless, not reported). So a name is reported when it looks like a
misspelling of a territory of the game that has no line in that file: TripleA ignores the misspelled line, and
the territory it was meant for has none. In polygons.txt, centers.txt and place.txt every territory needs a
line (missing-polygon, missing-center or missing-placement reports that too); in the other files TripleA falls
back silently (a marker at the territory's centre, a name or a production value at its default place, no
comment marker). In the one-point files (centers.txt, vc.txt ...) a blank at the start of a line is part of
the name for TripleA, so ` Germany (1,2)` names no territory. The files that list some territories only
(all but the first three) need a closer likeness before a name is taken for a misspelling (or two
neighbouring letters swapped). Map folders with several games are checked
against the territories of all of them.

Failing (centers.txt, for a game whose territory Germany has no other line there)::

    Germny  (120,80)

Passing::

    Germany  (120,80)

How to fix: correct the misspelled name in the map file to the territory's name in the game.
Fix: unsafe. `validate --fix --unsafe-fixes` writes the suggested territory in place of the name on that line
(its points as written); TripleA then reads the line for that territory: check that they were drawn for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from compiler.checks._mapnames import map_names
from compiler.checks._unknown import closest
from compiler.checks.context import CheckContext
from compiler.mapfolder.texts import POINT_FILES
from compiler.problems import Problem, Severity

ID = "unknown-map-territory"
SEVERITY = Severity.WARNING
_CUTOFF = 0.75  # how alike a name and a territory are to be taken as a misspelling (difflib's ratio)
# The files that list some territories only (vc.txt, pu_place.txt ...) leave many territories without a line,
# and maps copy them from maps whose territories have similar names (N.Africa, W.Africa): a closer likeness.
_SPARSE_CUTOFF = 0.88


def _meant(name: str, lacking: AbstractSet[str], every_territory: bool) -> str | None:
    """The territory without a line that `name` misspells, or None: the same but for blanks, or alike (closely
    so in a file that lists some territories only), or the same but for two neighbouring letters swapped."""
    spaced = " ".join(name.split())
    if spaced in lacking:
        return spaced
    found = closest(spaced, sorted(lacking), _CUTOFF if every_territory else _SPARSE_CUTOFF)
    return found or next((t for t in sorted(lacking) if _swapped(spaced, t)), None)


def _swapped(a: str, b: str) -> bool:
    """Whether `a` is `b` with two neighbouring letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(differ) == 2 and differ[1] == differ[0] + 1 and a[differ[0]] == b[differ[1]] and \
        a[differ[1]] == b[differ[0]]


def check(ctx: CheckContext) -> Iterator[Problem]:
    for file, names in map_names(ctx)[0].items():
        kind = POINT_FILES[file]
        if not kind.keyed_by_territory:
            continue
        listed = {n.name for n in names}
        lacking = ctx.territories - listed
        if not lacking:
            continue
        for n in names:
            if n.name in ctx.territories or n.name in ctx.map_names:  # siblings' names read only if asked
                continue
            meant = _meant(n.name, lacking, kind.required)
            if meant is None:
                continue
            why = " (the blank at the start of the line is part of the name for TripleA)" \
                if n.name[:1].isspace() and meant == n.name.strip() else ""
            then = f", so TripleA {kind.without}" if kind.without else ""
            yield Problem(ID, f"'{n.name}' in {file} is not a territory of this map's games{why or ''} (did you mean "
                              f"'{meant}'?): TripleA ignores this line, and territory '{meant}' has no line in "
                              f"{file}{then}", n.loc, SEVERITY)
