"""The map's map.yml lists each of its games, once.

TripleA 2.7 offers exactly the games map.yml lists, by `game_name`: a game XML of the map's games folder
that map.yml does not list cannot be chosen, and a game or file listed twice is offered twice but opens or
names only the first. A `game_name` other than the XML's `<info name>` is not reported: TripleA 2.7 names
the game after map.yml throughout (the `<info name>` is only the fallback of maps without map.yml), and maps
use it on purpose to tell apart games whose XMLs share a name.

Failing (map.yml, for a map whose games folder holds classic.xml and iron_blitz.xml)::

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: classic.xml}

Passing::

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: classic.xml}
    - {game_name: Iron Blitz, file_name: iron_blitz.xml}

How to fix: list every game XML of the games folder in map.yml once, each with its own `game_name`.
Fix: safe. For a game XML map.yml does not list, `validate --fix` adds an entry for every unlisted game XML of the
folder after the last one, in its style, named after the XML's `<info name>` (not for an XML whose name a listed
game already has, such as a copy of it).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_yml import file_name, map_yml
from compiler.checks.context import CheckContext
from compiler.mapfolder.map_yml import MapDescription
from compiler.problems import Problem, Severity

ID = "map-yml-mismatch"
SEVERITY = Severity.WARNING


def _listed_twice(description: MapDescription) -> Iterator[Problem]:
    seen_names: set[str] = set()
    seen_files: set[str] = set()
    for game in description.games:
        if game.game_name is not None:
            if game.game_name.lower() in seen_names:
                yield Problem(ID, f"game_name '{game.game_name}' is listed twice: TripleA 2.7 opens the file of the "
                                  "first for both", game.game_name_loc, SEVERITY)
            seen_names.add(game.game_name.lower())
        name = game.file_name
        if name is None or not name.endswith(".xml"):
            continue
        if name in seen_files:
            yield Problem(ID, f"file_name '{name}' is listed twice: TripleA 2.7 offers it under both names but "
                              "gives the game the first one", game.file_name_loc, SEVERITY)
        seen_files.add(name)


def _this_game(ctx: CheckContext, description: MapDescription) -> Iterator[Problem]:
    """The game being checked is listed."""
    name = file_name(ctx.path)
    if not any(g.file_name == name for g in description.games):
        yield Problem(ID, f"map.yml does not list the game XML '{name}': TripleA 2.7 offers only the games "
                          "map.yml lists, so players cannot choose it", description.games_loc, SEVERITY)


def check(ctx: CheckContext) -> Iterator[Problem]:
    found = map_yml(ctx)
    if found is None or found.description is None:
        return
    yield from _listed_twice(found.description)
    if ctx.path in found.files.games and found.description.games:
        yield from _this_game(ctx, found.description)
