"""Every image decorations.txt names is in the map's misc/ folder.

TripleA 2.x (MapData) reads decorations.txt as `image.png  (x,y) (x,y) ...`: it draws `misc/image.png` at
each point, over the map's tiles. It looks the image up in the map folder's `misc/`, then among the few misc
images its engine ships, exactly so named; an image it does not find is dropped without a word, and so is
every point of its line. A file with many missing images is reported once, naming the first few.

Failing (the map folder holds misc/compass.png only)::

    Compass.png  (120,80)

Passing::

    compass.png  (120,80)

How to fix: add the image to the map's `misc/` folder, or write its file name exactly in decorations.txt,
or delete the line.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import image_index, said
from compiler.checks._mapnames import map_names
from compiler.checks.context import CheckContext
from compiler.mapfolder.texts import NamedLine
from compiler.problems import Problem, Severity

ID = "missing-decoration"
SEVERITY = Severity.WARNING
FILE = "decorations.txt"
_ONE_BY_ONE = 5  # up to this many missing images are reported line by line; more, once for the file
_NAMED = 5  # how many of them a file's finding names


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = image_index(ctx)
    lines = map_names(ctx)[0].get(FILE)
    if index is None or not lines:
        return
    missing: list[tuple[NamedLine, str]] = [(line, said(f"misc/{line.name}", index)) for line in lines
                                            if not index.resolves(f"misc/{line.name}")]
    if len(missing) <= _ONE_BY_ONE:
        for line, hint in missing:
            yield Problem(ID, f"decorations.txt names 'misc/{line.name}', which the map folder does not have{hint}: "
                              "TripleA draws nothing of this line", line.loc, SEVERITY)
        return
    named = ", ".join(f"'{line.name}'" for line, _ in missing[:_NAMED])
    yield Problem(ID, f"{len(missing)} of the {len(lines)} images decorations.txt names are not in the map's misc/ "
                      f"folder ({named} ...): TripleA draws none of them", missing[0][0].loc, SEVERITY)
