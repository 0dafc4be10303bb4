"""A save's board drawn from the game the save carries (no game XML, no map folder): a schematic of the save's
map with territories by owner and the units as they stood at one moment of its history, violations marked.

The save keeps its map's territories and connections, its players and capitals, not its polygons nor its victory
cities: the schematic (compiler/draw/schematic.py) places the territories, once per map in a process.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.draw.build import compose
from compiler.draw.facts import BoardFacts
from compiler.draw.layout import Layout
from compiler.draw.locate import TerritoryIndex
from compiler.draw.scene import Scene
from compiler.draw.schematic import schematic_layout
from compiler.engine.events import EventBase
from compiler.engine.state import GameState
from compiler.engine.world import World
from compiler.problems import Problem

_LAYOUTS: dict[tuple[tuple[str, ...], frozenset[tuple[str, str]]], Layout] = {}
"""map (territories, connections) -> its schematic layout: a layout costs about 2 s for 150 territories"""


def _connections(world: World) -> list[tuple[str, str]]:
    """Each border between two of the map's territories once, in the map's order."""
    order = {name: i for i, name in enumerate(world.map.territories)}
    return [(a, b) for a in world.map.territories
            for b in sorted((n for n in world.map.adjacency.get(a, ()) if n in order), key=order.__getitem__)
            if order[a] < order[b]]


def world_facts(world: World, state: GameState) -> BoardFacts:
    """What the board of `world` shows as `state` has it."""
    return BoardFacts(title=world.name or "game", territories=list(world.map.territories), water=set(world.water),
                      players=list(world.players), owners=dict(state.owners),
                      units={t: list(stacks) for t, stacks in state.units.items()},
                      connections=_connections(world),
                      canals=[(c.name, tuple(sorted(c.sea_zones))) for c in world.canals],
                      capitals={t: p for t, p in world.capitals.items() if t in world.map.names}, round=state.round)


def world_layout(world: World) -> Layout:
    """The schematic layout of `world`'s map (computed once per map in this process)."""
    key = (tuple(world.map.territories), frozenset(_connections(world)))
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _LAYOUTS[key] = schematic_layout(world.map)
    return layout


def draw_save_board(world: World, state: GameState, problems: Sequence[Problem] = (),
                    events: Sequence[EventBase] = (), numbers: Sequence[int] | None = None) -> Scene:
    """The board of a save's `world` as `state` has it, `problems` marked (numbered by `numbers`) on the territory
    of the event each names in `events` (the save's history), else on the first territory its message quotes."""
    index = TerritoryIndex(None, names=world.map.territories, events=events)
    return compose(world_facts(world, state), world_layout(world), {}, problems, index, numbers)
