"""The game names its map: the game property `mapName`.

TripleA 1.9 parses a game without it, but refuses to start it ("Map name property not set on
game"), because the map name is how it finds the map's images and text files. TripleA 2.x loads
the game all the same (it can find the map from a map.yml), so there it is a warning.

Failing::

    <propertyList>
      <property name="Low Luck" value="false" editable="true"><boolean/></property>
    </propertyList>

Passing::

    <property name="mapName" value="world_war_ii_classic" editable="false"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "missing-map-name"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    if not any(p.name == "mapName" and (p.value or p.text) for p in ctx.model.properties):
        yield Problem(ID, "the game has no 'mapName' property: TripleA will not start it "
                          "(in a spec: game.map_name)", ctx.game_loc,
                      SEVERITY if ctx.engine == "1.9" else Severity.WARNING)
