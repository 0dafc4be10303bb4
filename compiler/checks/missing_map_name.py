"""The game names its map: the game property `mapName`, or (TripleA 2.x) its map's map.yml.

TripleA 1.9 parses a game without `mapName`, but refuses to start it ("Map name property not set on
game"), because the map name is how it finds the map's images and text files. TripleA 2.x looks for a
map.yml in the folders above the game XML and takes the map name from its `map_name`
(GameParser.parse), whatever the property says: a game whose map has a map.yml naming the map passes.
Without one, 2.x loads the game with no map name and finds no map for it (a warning).

Failing::

    <propertyList>
      <property name="Low Luck" value="false" editable="true"><boolean/></property>
    </propertyList>

Passing::

    <property name="mapName" value="world_war_ii_classic" editable="false"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_yml import map_yml
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-map-name"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    if any(p.name == "mapName" and (p.value or p.text) for p in ctx.model.properties):
        return
    if ctx.engine == "1.9":
        yield Problem(ID, "the game has no 'mapName' property: TripleA 1.9 will not start it "
                          "(in a spec: game.map_name)", ctx.game_loc, SEVERITY)
        return
    described = map_yml(ctx)
    if described is not None and described.description is not None and described.description.map_name:
        return  # 2.x takes the map name from map.yml
    yield Problem(ID, "the game has no 'mapName' property and its map no map.yml naming the map: TripleA 2.x "
                      "loads it but finds no map images for it (in a spec: game.map_name)", ctx.game_loc,
                  Severity.WARNING)
