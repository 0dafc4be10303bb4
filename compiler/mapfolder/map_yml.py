"""Reading map.yml as TripleA 2.7 does (MapDescriptionYamlReader), with the location of every value.

    map_name: world_war_ii_classic
    games:
    - {game_name: World War II Classic, file_name: classic.xml}

TripleA reads it with snakeyaml-engine's defaults (YAML 1.2, JSON schema, duplicate keys refused)
and rejects the whole file when it is not a mapping, when `map_name` is blank or longer than 70
characters, when `games` is empty, or when a game has a blank `game_name` or a `file_name` that
does not end in `.xml`; a value of another type than text (a number, a list) rejects it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.problems import Location, Problem, Severity
from compiler.yamlread import KeyPath, Positions, YamlError, read_yaml

CODE = "map-yml"
MAX_MAP_NAME_LENGTH = 70
REJECTED = "TripleA 2.7 rejects this map.yml"


@dataclass(frozen=True)
class MapGame:
    """One `games` entry; a name is None when it is missing or not text (already reported)."""

    game_name: str | None
    file_name: str | None
    loc: Location
    game_name_loc: Location
    file_name_loc: Location


@dataclass(frozen=True)
class MapDescription:
    """What map.yml says: the map's name and the games TripleA offers for it."""

    path: str
    map_name: str | None
    games: list[MapGame] = field(default_factory=list)
    games_loc: Location = Location()


def _error(message: str, loc: Location) -> Problem:
    return Problem(CODE, message, loc, Severity.ERROR)


def _is_blank(value: Any) -> bool:
    """Empty, spaces or null: TripleA reads a missing value as "" and finds it blank."""
    return value is None or isinstance(value, str) and not value.strip()


def _kind(value: Any) -> str:
    """What a value is, for messages: "a mapping", "a list", "empty", "1941, a number", "'x'"."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None or value == "":
        return "empty"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, bool):
        return f"{str(value).lower()}, a boolean in YAML"
    return f"{value}, a number in YAML"


class _Reader:
    """map.yml's plain data (YAML 1.2, JSON schema) and where each part of it stands."""

    def __init__(self, positions: Positions, problems: list[Problem]) -> None:
        self.positions = positions
        self.problems = problems

    def at(self, key: KeyPath) -> Location:
        return self.positions.nearest(key)

    def value_at(self, key: KeyPath) -> Location:
        """Where the value of `key` begins."""
        return self.positions.value(key)

    def text(self, mapping: dict[str, Any], key: KeyPath, name: str, where: str,
             at: Location) -> tuple[str | None, Location]:
        """The text value of key `name`, or None after reporting why there is none."""
        if name not in mapping:
            others = ", ".join(f"'{k}'" for k in mapping)
            found = f" (it has {others})" if others else ""
            self.problems.append(_error(f"{where} has no '{name}'{found}: {REJECTED}", at))
            return None, at
        value = mapping[name]
        loc = self.value_at((*key, name))
        if _is_blank(value):
            self.problems.append(_error(f"'{name}' is blank: {REJECTED}", loc))
            return None, loc
        if not isinstance(value, str):
            self.problems.append(_error(f"'{name}' is {_kind(value)}, not text (quote it): {REJECTED}", loc))
            return None, loc
        return value, loc

    def game(self, index: int, value: Any) -> MapGame | None:
        loc = self.at(("games", index))
        if not isinstance(value, dict):
            self.problems.append(_error(f"a 'games' entry must be a mapping with game_name and file_name, "
                                        f"not {_kind(value)}: {REJECTED}", loc))
            return None
        key = ("games", index)
        game_name, game_loc = self.text(value, key, "game_name", "this game", loc)
        file_name, file_loc = self.text(value, key, "file_name", "this game", loc)
        if file_name is not None and not file_name.endswith(".xml"):
            self.problems.append(_error(f"file_name '{file_name}' must name a game XML (end in '.xml'): {REJECTED}",
                                        file_loc))
        return MapGame(game_name, file_name, loc, game_loc, file_loc)


def read_map_yml(path: str, text: str) -> tuple[MapDescription | None, list[Problem]]:
    """map.yml's contents (None when it cannot be read at all) and every reason TripleA rejects it."""
    try:
        data, positions = read_yaml(text, path, schema="json")
    except YamlError as exc:
        if exc.duplicate is not None:
            message = f"key '{exc.duplicate}' appears twice ({REJECTED}: keys must be unique)"
        else:
            message = f"invalid YAML: {exc.problem}: {REJECTED}"
        return None, [_error(message, exc.location)]
    start = Location(path, 1, 1)
    if data is None:
        return None, [_error(f"map.yml is empty: {REJECTED}", start)]
    problems: list[Problem] = []
    reader = _Reader(positions, problems)
    if not isinstance(data, dict):
        return None, [_error(f"map.yml must be a mapping with map_name and games, not {_kind(data)}: {REJECTED}",
                             Location(path, *positions.start))]
    map_name, map_loc = reader.text(data, (), "map_name", "map.yml", start)
    if map_name is not None and len(map_name) > MAX_MAP_NAME_LENGTH:
        problems.append(_error(f"map_name is {len(map_name)} characters long, more than "
                               f"{MAX_MAP_NAME_LENGTH}: {REJECTED}", map_loc))
    if "games" not in data:
        problems.append(_error(f"map.yml has no 'games' list: {REJECTED}", start))
        return MapDescription(path, map_name), problems
    games = data["games"]
    games_loc = reader.at(("games",))
    if not isinstance(games, list) or not games:
        what = "lists no game" if isinstance(games, list) else f"is {_kind(games)}, not a list"
        problems.append(_error(f"'games' {what}: {REJECTED}", reader.value_at(("games",))))
        return MapDescription(path, map_name, [], games_loc), problems
    found = [g for g in (reader.game(i, game) for i, game in enumerate(games)) if g is not None]
    return MapDescription(path, map_name, found, games_loc), problems
