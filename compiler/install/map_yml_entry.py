"""The game's entry in map.yml, added or updated in the text as the author wrote it.

Only the entry of the game's XML changes: a new entry goes after the last one of `games`, in the style of
the first (`- {game_name: X, file_name: x.xml}` or a block mapping), and an entry of the same file whose
`game_name` differs gets the new name in place of the old value; every other byte stays. A map without
map.yml gets one as TripleA writes for such a map (MapDescriptionYamlGenerator): named after its folder,
listing the games already there by their `<info name>`. The result is read again as TripleA reads it
(compiler/mapfolder/map_yml): a text it would not read as intended is refused, never written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from compiler.mapfolder.map_yml import read_map_yml
from compiler.problems import InputError, Location

CODE = "install-conflict"
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9 _.()/+'-]*[A-Za-z0-9_.)'-]|[A-Za-z_]")
_NOT_TEXT = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"})


@dataclass(frozen=True)
class GameEntry:
    """One `games` entry: the name TripleA offers and the XML it opens (a bare file name)."""

    game_name: str
    file_name: str


def scalar(value: str) -> str:
    """`value` as a YAML scalar both YAML 1.1 and 1.2 read as this text, in a flow mapping too: plain
    when it is plainly a word, else single-quoted (double-quoted when it has line breaks)."""
    if _PLAIN.fullmatch(value) and value.lower() not in _NOT_TEXT:
        return value
    if any(c in value for c in "\n\r\t\x85\u2028\u2029") or not value.isprintable():
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}" for c in value) + '"'
    return "'" + value.replace("'", "''") + "'"


def _flow(entry: GameEntry) -> str:
    return f"{{game_name: {scalar(entry.game_name)}, file_name: {scalar(entry.file_name)}}}"


def new_map_yml(map_name: str, games: list[GameEntry]) -> str:
    """A map.yml for a map without one."""
    lines = [f"map_name: {scalar(map_name)}", "games:", *(f"- {_flow(g)}" for g in games)]
    return "\n".join(lines) + "\n"


def _key(mapping: Any, name: str) -> Any | None:
    """The value node of key `name` in a mapping node, or None."""
    for key, value in mapping.value:
        if isinstance(key, yaml.ScalarNode) and key.value == name:
            return value
    return None


def _last_end(node: Any) -> int:
    """The index just past the last character a node's own text takes (not the blank lines or comments a
    block collection's end mark reaches over)."""
    if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
        return _last_end(node.value[-1][1])
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return _last_end(node.value[-1])
    return int(node.end_mark.index)


def _refuse(message: str, path: str, line: int = 1) -> InputError:
    return InputError(f"{message}: edit map.yml by hand, then install again", Location(path, line, 1), CODE)


def with_game(text: str, path: str, entry: GameEntry) -> str:
    """map.yml's `text` with the game's entry added or updated (the text itself when it is there already);
    InputError when another entry offers a game of this name, or the list is not one to edit in place."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    games = _key(root, "games") if isinstance(root, yaml.MappingNode) else None
    if not isinstance(games, yaml.SequenceNode) or not games.value:
        raise _refuse("map.yml has no list of games to add to", path)
    ours = None
    for item in games.value:
        name, file = _key(item, "game_name"), _key(item, "file_name")
        if not isinstance(name, yaml.ScalarNode) or not isinstance(file, yaml.ScalarNode):
            continue
        if file.value == entry.file_name:
            ours = ours or name
        elif name.value.lower() == entry.game_name.lower():  # TripleA finds a game's file ignoring case
            raise InputError(f"map.yml already offers a game named '{name.value}', the XML {file.value}: rename the "
                             "game (the spec's game.name) or that entry", Location(path, name.start_mark.line + 1,
                                                                                  name.start_mark.column + 1), CODE)
    if ours is not None:
        if ours.value == entry.game_name:
            return text
        updated = text[:ours.start_mark.index] + scalar(entry.game_name) + text[ours.end_mark.index:]
    elif games.flow_style:
        raise _refuse("map.yml lists its games in a [...] list", path, games.start_mark.line + 1)
    else:
        updated = _appended(text, games, entry)
    _check(updated, path, entry)
    return updated


def _appended(text: str, games: Any, entry: GameEntry) -> str:
    """`text` with a new entry after the last of the block list `games`, in the style of its first."""
    first = games.value[0]
    line_start = text.rfind("\n", 0, first.start_mark.index) + 1
    prefix = text[line_start:first.start_mark.index]  # "- " or "  - ": the dash and what surrounds it
    if prefix.strip() != "-":
        raise _refuse("map.yml's first game does not start its own line", "map.yml", first.start_mark.line + 1)
    nl = "\r\n" if "\r\n" in text else "\n"  # the file's own line ends
    if isinstance(first, yaml.MappingNode) and not first.flow_style:
        indent = " " * len(prefix)
        new = f"{prefix}game_name: {scalar(entry.game_name)}{nl}{indent}file_name: {scalar(entry.file_name)}{nl}"
    else:
        new = f"{prefix}{_flow(entry)}{nl}"
    end = _last_end(games)
    cut = text.find("\n", end)
    if cut < 0:
        return text + nl + new
    return text[:cut + 1] + new + text[cut + 1:]


def _check(updated: str, path: str, entry: GameEntry) -> None:
    """Refuse an edited map.yml TripleA would reject, or read otherwise than meant (a bug, never written)."""
    description, problems = read_map_yml(path, updated)
    listed = [g for g in description.games if g.file_name == entry.file_name] if description else []
    if problems or not listed or listed[0].game_name != entry.game_name:
        raise _refuse(f"adding the game to map.yml would not read back as {_flow(entry)}", path)
