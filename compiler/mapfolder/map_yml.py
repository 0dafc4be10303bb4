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

import re
from dataclasses import dataclass, field

import yaml

from compiler.problems import Location, Problem, Severity

CODE = "map-yml"
MAX_MAP_NAME_LENGTH = 70
REJECTED = "TripleA 2.7 rejects this map.yml"
# Plain scalars that YAML 1.2's JSON schema reads as null, a boolean or a number, not as text.
_NOT_TEXT = re.compile(r"|null|true|false|-?(0|[1-9][0-9]*)(\.[0-9]*)?([eE][-+]?[0-9]+)?|-?\.inf|\.nan")


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


def _loc(path: str, node: yaml.Node) -> Location:
    return Location(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _error(message: str, loc: Location) -> Problem:
    return Problem(CODE, message, loc, Severity.ERROR)


def _is_text(node: yaml.Node) -> bool:
    if not isinstance(node, yaml.ScalarNode):
        return False
    return node.style is not None or not _NOT_TEXT.fullmatch(node.value)


def _is_blank(node: yaml.Node) -> bool:
    """Empty, spaces or null: TripleA reads a missing value as "" and finds it blank."""
    if not isinstance(node, yaml.ScalarNode):
        return False
    return not node.value.strip() or (node.style is None and node.value == "null")


def _kind(node: yaml.Node) -> str:
    """What a node is, for messages: "a mapping", "a list", "empty", "1941, a number", "'x'"."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.value == "":
        return "empty"
    if _is_text(node):
        return f"'{node.value}'"
    what = "a boolean" if node.value in ("true", "false") else "a number"
    return f"{node.value}, {what} in YAML"


def _mapping(path: str, node: yaml.MappingNode, problems: list[Problem]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """The keys of a mapping node (key -> (key node, value node)); duplicate keys are problems."""
    out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for key, value in node.value:
        name = str(key.value) if isinstance(key, yaml.ScalarNode) else "?"
        if name in out:
            problems.append(_error(f"key '{name}' appears twice ({REJECTED}: keys must be unique)", _loc(path, key)))
            continue
        out[name] = (key, value)
    return out


def _text(path: str, keys: dict[str, tuple[yaml.Node, yaml.Node]], name: str, where: str, at: Location,
          problems: list[Problem]) -> tuple[str | None, Location]:
    """The text value of key `name`, or None after reporting why there is none."""
    if name not in keys:
        others = ", ".join(f"'{k}'" for k in keys)
        found = f" (it has {others})" if others else ""
        problems.append(_error(f"{where} has no '{name}'{found}: {REJECTED}", at))
        return None, at
    value = keys[name][1]
    loc = _loc(path, value)
    if _is_blank(value):
        problems.append(_error(f"'{name}' is blank: {REJECTED}", loc))
        return None, loc
    if not _is_text(value):
        problems.append(_error(f"'{name}' is {_kind(value)}, not text (quote it): {REJECTED}", loc))
        return None, loc
    return value.value, loc


def _game(path: str, node: yaml.Node, problems: list[Problem]) -> MapGame | None:
    loc = _loc(path, node)
    if not isinstance(node, yaml.MappingNode):
        problems.append(_error(f"a 'games' entry must be a mapping with game_name and file_name, "
                               f"not {_kind(node)}: {REJECTED}", loc))
        return None
    keys = _mapping(path, node, problems)
    game_name, game_loc = _text(path, keys, "game_name", "this game", loc, problems)
    file_name, file_loc = _text(path, keys, "file_name", "this game", loc, problems)
    if file_name is not None and not file_name.endswith(".xml"):
        problems.append(_error(f"file_name '{file_name}' must name a game XML (end in '.xml'): {REJECTED}",
                               file_loc))
    return MapGame(game_name, file_name, loc, game_loc, file_loc)


def _compose(path: str, text: str) -> tuple[yaml.Node | None, list[Problem]]:
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader), []
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = Location(path, mark.line + 1, mark.column + 1) if mark is not None else Location(path, 1, 1)
        while_ = f" ({exc.context})" if exc.context else ""
        return None, [_error(f"invalid YAML: {exc.problem}{while_}: {REJECTED}", at)]
    except yaml.YAMLError as exc:
        return None, [_error(f"invalid YAML: {exc}: {REJECTED}", Location(path, 1, 1))]


def read_map_yml(path: str, text: str) -> tuple[MapDescription | None, list[Problem]]:
    """map.yml's contents (None when it cannot be read at all) and every reason TripleA rejects it."""
    root, problems = _compose(path, text)
    if problems:
        return None, problems
    start = Location(path, 1, 1)
    if root is None:
        return None, [_error(f"map.yml is empty: {REJECTED}", start)]
    if not isinstance(root, yaml.MappingNode):
        return None, [_error(f"map.yml must be a mapping with map_name and games, not {_kind(root)}: {REJECTED}",
                             _loc(path, root))]
    keys = _mapping(path, root, problems)
    map_name, map_loc = _text(path, keys, "map_name", "map.yml", start, problems)
    if map_name is not None and len(map_name) > MAX_MAP_NAME_LENGTH:
        problems.append(_error(f"map_name is {len(map_name)} characters long, more than "
                               f"{MAX_MAP_NAME_LENGTH}: {REJECTED}", map_loc))
    if "games" not in keys:
        problems.append(_error(f"map.yml has no 'games' list: {REJECTED}", start))
        return MapDescription(path, map_name), problems
    games_key, games_node = keys["games"]
    games_loc = _loc(path, games_key)
    if not isinstance(games_node, yaml.SequenceNode) or not games_node.value:
        what = "lists no game" if isinstance(games_node, yaml.SequenceNode) else f"is {_kind(games_node)}, not a list"
        problems.append(_error(f"'games' {what}: {REJECTED}", _loc(path, games_node)))
        return MapDescription(path, map_name, [], games_loc), problems
    games = [g for g in (_game(path, node, problems) for node in games_node.value) if g is not None]
    return MapDescription(path, map_name, games, games_loc), problems
