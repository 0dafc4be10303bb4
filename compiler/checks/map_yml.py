"""The map's map.yml is one TripleA 2.7 accepts, and every game it lists can be opened.

TripleA 2.7 lists an installed map by its map.yml (beside `map/` in a map repository) and offers
exactly the games it lists, by `game_name`; choosing one opens the XML named `file_name` in the
map's `games` folder, and the game then carries map.yml's `game_name` and `map_name`.

Errors: map.yml is not valid YAML, or lacks `map_name`, `games`, a `game_name` or a `file_name`
(TripleA rejects the file: a map folder with it is not listed, and installing the map from a zip
replaces it with one TripleA generates); a `file_name` that is not a game XML of the map (TripleA
offers the game but cannot open it). A game listed twice, unlisted, or under another name than its
`<info name>` is map-yml-mismatch.

A map without map.yml gets none: TripleA generates one when it installs the map from a download.

Failing (map.yml)::

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: clasic.xml}

Passing::

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: classic.xml}

How to fix: write map.yml as TripleA 2.7 reads it: `map_name`, and `games` with a `game_name` and a
`file_name` (a file of the games folder) each.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_yml import file_name, games_folder, map_yml
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "map-yml"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    found = map_yml(ctx)
    if found is None:
        return
    yield from found.problems
    if found.description is None:
        return
    on_disk = {file_name(g) for g in found.files.games}
    folder = games_folder(found.files)
    for game in found.description.games:
        name = game.file_name
        if name is None or not name.endswith(".xml"):
            continue
        if "/" in name or "\\" in name:
            yield Problem(ID, f"file_name '{name}' must be a bare file name: TripleA 2.7 looks in {folder} for a file "
                              "named exactly this and finds none", game.file_name_loc, SEVERITY)
        elif name not in on_disk:
            near = [f for f in sorted(on_disk) if f.lower() == name.lower()]
            hint = f" (did you mean '{near[0]}'? file names are case-sensitive)" if near else ""
            yield Problem(ID, f"file_name '{name}' is not a game XML in {folder}{hint}: TripleA 2.7 offers "
                              f"'{game.game_name or '?'}' but cannot open it", game.file_name_loc, SEVERITY)
