"""A game as the base of a variant spec: imported (the lossless import) into a spec document.

Importing this module lets `base:` name games (compiler/spec/base_source.py registers the reader).
The imported document's keys are located in the game XML: a territory, unit, player or property at
its element's line, anything else at the file.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.problems import InputError, Location, Problem, ProblemsFound
from compiler.spec.base import CODE, Document
from compiler.spec.base_source import register_game_reader
from compiler.yamlread import KeyPath, read_yaml

if TYPE_CHECKING:  # the importer, the parser and lxml load when a base is read, not with this module
    from compiler.mapfolder.source import GameInput
    from compiler.model import GameModel


class GameLocations:
    """Where the imported spec's keys stand in the game XML (a Source of compiler/spec/base.py)."""

    def __init__(self, game: GameModel, path: str) -> None:
        self.path = path
        self.named: dict[KeyPath, Location] = {}
        for section, items in (("territories", ((t.name, t.loc) for t in game.territories)),
                               ("players", ((p.name, p.loc) for p in game.players)),
                               ("units", zip(game.unit_types, game.unit_type_locs, strict=False)),
                               ("properties", ((p.name, p.loc) for p in game.properties))):
            for name, loc in items:
                if loc.line:
                    self.named.setdefault((section, name), loc)

    def get(self, key: KeyPath) -> Location | None:
        return self.named.get(key[:2]) or Location(self.path)

    def value(self, key: KeyPath) -> Location:
        return self.get(key) or Location(self.path)


def _game_name(data: bytes) -> str | None:
    """The name in a game XML's <info>, read up to that element only."""
    from lxml import etree

    try:
        for _, element in etree.iterparse(BytesIO(data), events=("start",), resolve_entities=False,
                                          no_network=True, load_dtd=False, huge_tree=False):
            if element.tag == "info":
                return element.get("name")
    except etree.LxmlError:
        return None
    return None


def _choose(target: Path, game: str | None, where: Location) -> GameInput:
    from compiler.mapfolder.source import discover

    games = discover(target)
    if game is None:
        if len(games) == 1:
            return games[0]
        raise ProblemsFound([Problem(CODE, f"base: {target} holds {len(games)} games: name one with "
                                           f"`base: {{map: {target}, game: NAME}}`", where)])
    names = []
    for candidate in games:
        name = _game_name(candidate.read_bytes())
        if name == game:
            return candidate
        names.append(str(name))
    raise ProblemsFound([Problem(CODE, f"base: {target} has no game named {game!r} (it has: {', '.join(names)})",
                                 where)])


def read_game(target: Path, game: str | None, where: Location) -> Document:
    """The spec document of the game at `target` (a game XML, or the game `game` of a map folder or zip)."""
    from compiler.xml.parse import parse_bytes

    try:
        chosen = _choose(target, game, where)
        data = chosen.read_bytes()
        parsed = parse_bytes(data, chosen.path)
    except InputError as exc:
        raise ProblemsFound([Problem(CODE, f"base: {exc.message} ({exc.location})", where)]) from None
    errors = [p for p in parsed.problems if p.is_error]
    if errors:
        raise ProblemsFound([Problem(CODE, f"base: the game {chosen.path} cannot be read: see below", where),
                             *errors])
    document = base_document(parsed.model, chosen.path)
    return document


def base_document(game: GameModel, path: str) -> Document:
    """A game as a base document: the imported spec's data, located in the game XML."""
    from compiler.lift import import_text

    data: Any
    data, _ = read_yaml(import_text(game), path)
    return Document(data, GameLocations(game, path))


register_game_reader(read_game)
