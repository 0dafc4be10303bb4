"""Compose the picture of a game: territories coloured by owner, signs, unit badges, canals, straits
and problem marks over a layout (the map's polygons, else the connection graph)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from compiler.draw import colors as c
from compiler.draw import shapes
from compiler.draw.facts import BoardFacts, board_facts
from compiler.draw.layout import Layout
from compiler.draw.locate import TerritoryIndex
from compiler.draw.map_scene import map_layout
from compiler.draw.scene import Area, Badge, Link, Mark, Scene, Sign
from compiler.draw.schematic import schematic_layout
from compiler.engine.events import EventBase
from compiler.engine.state import GameState
from compiler.mapfolder.geometry import MapGeometry, read_geometry, read_properties
from compiler.mapfolder.source import MapFiles
from compiler.model.game import GameModel
from compiler.model.mapview import map_view
from compiler.problems import Problem


def _fill(name: str, facts: BoardFacts, palette: dict[str, str], properties: dict[str, str]) -> str:
    if name in facts.water:
        return c.WATER
    if name in facts.impassable:
        return c.impassable_color(properties)
    owner = facts.owners.get(name)
    return palette.get(owner, c.neutral_color(properties)) if owner else c.neutral_color(properties)


def _areas(layout: Layout, facts: BoardFacts, palette: dict[str, str], properties: dict[str, str]) -> list[Area]:
    names = sorted(layout.rings, key=lambda n: n not in facts.water)  # sea first: islands lie on it
    return [Area(n, layout.rings[n], _fill(n, facts, palette, properties), n in facts.water, facts.owners.get(n),
                 layout.centers[n]) for n in names]


def _badges(layout: Layout, facts: BoardFacts, palette: dict[str, str]) -> list[Badge]:
    badges = []
    for territory, stacks in facts.units.items():
        if territory not in layout.centers:
            continue
        per_owner: dict[str, Counter[str]] = {}
        for stack in stacks:
            per_owner.setdefault(stack.owner, Counter())[stack.type] += stack.count
        owners = sorted(per_owner)
        for owner, at in zip(owners, layout.spots(territory, len(owners)), strict=True):
            kinds = per_owner[owner]
            detail = ", ".join(f"{n} {t}" for t, n in sorted(kinds.items()))
            badges.append(Badge(territory, at, owner, sum(kinds.values()), palette.get(owner, c.UNOWNED), detail))
    return badges


def _signs(layout: Layout, facts: BoardFacts, palette: dict[str, str]) -> list[Sign]:
    signs = [Sign("capital", t, layout.centers[t], palette.get(p, "#ffffff"))
             for t, p in sorted(facts.capitals.items()) if t in layout.centers]
    signs += [Sign("victory", t, layout.centers[t]) for t in sorted(facts.victory_cities) if t in layout.centers]
    return signs


def _links(layout: Layout, facts: BoardFacts) -> list[Link]:
    at = layout.centers
    links: list[Link] = []
    if layout.schematic:
        links += [Link("connection", (a, b), at[a], at[b]) for a, b in facts.connections if a in at and b in at]
    for name, zones in facts.canals:
        for i, a in enumerate(zones):
            links += [Link("canal", (a, b), at[a], at[b], name) for b in zones[i + 1:] if a in at and b in at]
    links += [Link("strait", (a, b), at[a], at[b], f"strait {a} - {b}") for a, b in facts.straits
              if a in at and b in at]
    return links


def _marks(scene: Scene, layout: Layout, problems: Sequence[Problem], index: TerritoryIndex,
           numbers: Sequence[int] | None) -> None:
    """Each problem's numbered mark beside its territory's centre; a territory's further marks in a row after
    its first, a mark's width apart."""
    step = 2.2 * shapes.mark_radius(scene)
    placed: Counter[str] = Counter()
    for number, problem in zip(numbers or range(1, len(problems) + 1), problems, strict=True):
        territory = index.territory_of(problem)
        if territory is None or territory not in layout.centers:
            scene.unplaced.append(problem)
            continue
        x, y = layout.centers[territory]
        off = layout.scale * (0.8 if layout.schematic else 0.35)
        scene.marks.append(Mark(number, (x + off + step * placed[territory], y - off), territory, problem))
        placed[territory] += 1


def compose(facts: BoardFacts, layout: Layout, properties: dict[str, str], problems: Sequence[Problem],
            index: TerritoryIndex, numbers: Sequence[int] | None = None) -> Scene:
    """The scene of `facts` placed by `layout` (colours from map.properties), `problems` marked where `index`
    places them, numbered by `numbers` (default 1, 2, ...)."""
    owners = [o for o in facts.owners.values() if o and o not in facts.players]
    palette = c.player_colors(properties, [*facts.players, *sorted(set(owners))])
    title = facts.title + (f", round {facts.round}" if facts.round is not None else "")
    scene = Scene(title, layout.width, layout.height, labels=layout.schematic, scale=layout.scale)
    scene.areas = _areas(layout, facts, palette, properties)
    scene.badges = _badges(layout, facts, palette)
    scene.signs = _signs(layout, facts, palette)
    scene.links = _links(layout, facts)
    shown = {a.owner for a in scene.areas if a.owner} | {b.owner for b in scene.badges}
    scene.legend = {p: col for p, col in palette.items() if p in shown}
    _marks(scene, layout, problems, index, numbers)
    return scene


def draw_game(model: GameModel, *, map_files: MapFiles | None = None, state: GameState | None = None,
              problems: Sequence[Problem] = (), straits: Iterable[tuple[str, str]] = (),
              events: Sequence[EventBase] = ()) -> Scene:
    """The picture of `model`'s board (at the start, or as `state` has it) on its map when `map_files`
    has a polygons.txt, else as a schematic of its connections; `problems` marked on their territories
    (numbered in the order given; those about no territory are listed in `scene.unplaced`); `events`
    is the history the problems' moments count in (a save's), to mark a violation at its event."""
    straits = list(straits)
    facts = board_facts(model, state, straits)
    geometry: MapGeometry | None = None
    properties: dict[str, str] = {}
    if map_files is not None:
        if map_files.get("polygons.txt") is not None:
            geometry = read_geometry(map_files)
            properties = geometry.properties
        elif (props := map_files.get("map.properties")) is not None:
            properties = read_properties(props[1])
    layout = map_layout(geometry) if geometry is not None and geometry.polygons else \
        schematic_layout(map_view(model, straits))
    return compose(facts, layout, properties, problems, TerritoryIndex(model, geometry, events=events))
