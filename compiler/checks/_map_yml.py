"""The map.yml of the map a game belongs to, read once for all its games and the checks that need it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from compiler.checks.context import CheckContext
from compiler.mapfolder.map_yml import MapDescription, read_map_yml
from compiler.mapfolder.source import MAP_YML, MapFiles
from compiler.problems import Problem


@dataclass(frozen=True)
class MapYml:
    """A map's files with what its map.yml says (None when it cannot be read) and the problems reading it."""

    files: MapFiles
    description: MapDescription | None
    problems: tuple[Problem, ...]


@lru_cache(maxsize=8)
def _read(path: str, text: str) -> tuple[MapDescription | None, tuple[Problem, ...]]:
    description, problems = read_map_yml(path, text)
    return description, tuple(problems)


def map_yml(ctx: CheckContext) -> MapYml | None:
    """The map.yml of the game's map, None when the game has no map files or its map no map.yml."""
    files = ctx.map_files
    entry = files.get(MAP_YML) if files is not None else None
    if files is None or entry is None:
        return None
    return MapYml(files, *_read(*entry))


def file_name(path: str) -> str:
    """The last part of a path, whichever its separators."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def games_folder(files: MapFiles) -> str:
    """The folder the map's game XMLs are in (where TripleA looks for a `file_name`)."""
    return files.games[0].replace("\\", "/").rsplit("/", 1)[0] if files.games else files.root.rstrip("/") + "/games"


def names_game(files: MapFiles | None, path: str) -> bool:
    """Whether the map's map.yml gives the game XML `path` its name: TripleA 2.6+ then takes the game's name
    from there (GameParser.parse looks for a map.yml in the folders above the XML) whatever <info> says."""
    entry = files.get(MAP_YML) if files is not None else None
    if entry is None:
        return False
    description, _ = _read(*entry)
    name = file_name(path)
    return description is not None and any(g.file_name == name and g.game_name for g in description.games)
