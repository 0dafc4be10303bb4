"""A map repository has the files TripleA's map upload guide asks for at its top: description.html and
preview.png beside map.yml.

TripleA's guide to making a map downloadable (docs/map-making/how-to/uploading-a-map-to-triplea.md in
github.com/triplea-game/triplea) asks for, at the top of the map's repository: `map.yml`, `description.html`
(the map's description, which TripleA 2.6's map-features change log says replaces the description written into
triplea_maps.yaml) and `preview.png` (the picture of the board shown with it). TripleA itself opens the game
without them, and its download window still reads the description and picture that triplea_maps.yaml holds:
these files matter to a map on its way into the catalogue, so the finding is about the guide. Checked
for a repository whose top is marked by its map.yml (beside `games/`, or beside `map/`); names are matched
exactly, as the servers (Linux) do.

Failing (the repository's top holds)::

    map.yml
    map/

Passing::

    map.yml
    description.html
    preview.png
    map/

How to fix: write a short description.html (scenario, period, setting) and save a small picture of the
board (about 400 pixels wide) as preview.png, both beside map.yml.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import folder_index
from compiler.checks.context import CheckContext
from compiler.mapfolder.file_index import top_of
from compiler.mapfolder.source import MAP_YML
from compiler.problems import Location, Problem, Severity

ID = "upload-files"
SEVERITY = Severity.WARNING
WANTED = {
    "description.html": "the map's description (since 2.6)",
    "preview.png": "a picture of the board shown with the description",
}


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = ctx.map_files
    if files is None or folder_index(ctx) is None or files.get(MAP_YML) is None:
        return
    found = top_of(files.root, files.reading)
    if found is None:
        return
    _, names = found
    folded = {name.casefold(): name for name in names}
    loc = Location(files.files[MAP_YML][0], 1, 1)
    for name, what in WANTED.items():
        if name in names:
            continue
        other = folded.get(name.casefold())
        hint = f" (only '{other}', which differs in case)" if other else ""
        yield Problem(ID, f"no {name} beside map.yml{hint}: TripleA's map upload guide asks for it ({what}); "
                          "TripleA opens the game without it", loc, SEVERITY)
