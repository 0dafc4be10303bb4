"""The map's map.yml lists its games as TripleA 2.7 needs them.

TripleA 2.7 lists an installed map by its map.yml (beside `map/` in a map repository) and offers
exactly the games it lists, by `game_name`; choosing one opens the XML named `file_name` in the
map's `games` folder, and the game then carries map.yml's `game_name` and `map_name`.

- errors: map.yml is not valid YAML, or lacks `map_name`, `games`, a `game_name` or a `file_name`
  (TripleA rejects the file: a map folder with it is not listed, and installing the map from a zip
  replaces it with one TripleA generates); a `file_name` that is not a game XML of the map (TripleA
  offers the game but cannot open it).
- warnings: a `game_name` that differs from the XML's `<info name>`, a game XML that map.yml does
  not list (TripleA does not offer it), a game listed twice.

A map without map.yml gets none: TripleA generates one when it installs the map from a download.

Failing (map.yml)::

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: clasic.xml}

Passing::

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: classic.xml}
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from compiler.checks.context import CheckContext
from compiler.mapfolder.map_yml import MapDescription, read_map_yml
from compiler.mapfolder.source import MAP_YML, MapFiles
from compiler.problems import Problem, Severity

ID = "map-yml"
SEVERITY = Severity.ERROR


@lru_cache(maxsize=8)
def _read(path: str, text: str) -> tuple[MapDescription | None, tuple[Problem, ...]]:
    """map.yml read once for all the games of its map."""
    description, problems = read_map_yml(path, text)
    return description, tuple(problems)


def _file_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _games_folder(files: MapFiles) -> str:
    return files.games[0].replace("\\", "/").rsplit("/", 1)[0] if files.games else files.root.rstrip("/") + "/games"


def _listed_files(description: MapDescription, files: MapFiles) -> Iterator[Problem]:
    """Every listed file_name names one of the map's game XMLs; no game is listed twice."""
    on_disk = {_file_name(g) for g in files.games}
    folder = _games_folder(files)
    seen_names: set[str] = set()
    seen_files: set[str] = set()
    for game in description.games:
        if game.game_name is not None:
            if game.game_name.lower() in seen_names:
                yield Problem(ID, f"game_name '{game.game_name}' is listed twice: TripleA 2.7 opens the file of the "
                                  "first for both", game.game_name_loc, Severity.WARNING)
            seen_names.add(game.game_name.lower())
        name = game.file_name
        if name is None or not name.endswith(".xml"):
            continue
        if name in seen_files:
            yield Problem(ID, f"file_name '{name}' is listed twice: TripleA 2.7 offers it under both names but "
                              "gives the game the first one", game.file_name_loc, Severity.WARNING)
        seen_files.add(name)
        if "/" in name or "\\" in name:
            yield Problem(ID, f"file_name '{name}' must be a bare file name: TripleA 2.7 looks in {folder} for a file "
                              "named exactly this and finds none", game.file_name_loc, Severity.ERROR)
        elif name not in on_disk:
            near = [f for f in sorted(on_disk) if f.lower() == name.lower()]
            hint = f" (did you mean '{near[0]}'? file names are case-sensitive)" if near else ""
            yield Problem(ID, f"file_name '{name}' is not a game XML in {folder}{hint}: TripleA 2.7 offers "
                              f"'{game.game_name or '?'}' but cannot open it", game.file_name_loc, Severity.ERROR)


def _this_game(ctx: CheckContext, description: MapDescription) -> Iterator[Problem]:
    """The game being checked is listed, under the name its `<info name>` gives it."""
    name = _file_name(ctx.path)
    entries = [g for g in description.games if g.file_name == name]
    if not entries:
        yield Problem(ID, f"map.yml does not list the game XML '{name}': TripleA 2.7 offers only the games "
                          "map.yml lists, so players cannot choose it", description.games_loc, Severity.WARNING)
        return
    info = ctx.model.info.name
    for entry in entries:
        if entry.game_name is not None and entry.game_name != info:
            yield Problem(ID, f"game_name '{entry.game_name}' differs from the <info name=\"{info}\"> of {name}: "
                              f"TripleA 2.7 shows and saves the game as '{entry.game_name}'",
                          entry.game_name_loc, Severity.WARNING, related=(ctx.model.info.loc,))


def check(ctx: CheckContext) -> Iterator[Problem]:
    files = ctx.map_files
    entry = files.get(MAP_YML) if files is not None else None
    if files is None or entry is None:
        return
    description, problems = _read(*entry)
    yield from problems
    if description is None:
        return
    yield from _listed_files(description, files)
    if ctx.path in files.games and description.games:
        yield from _this_game(ctx, description)
