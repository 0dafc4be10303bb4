"""Every territory has at least one connection, unless the map keeps it apart on purpose.

TripleA never lets units enter or leave a territory without connections: its owner keeps it (and its
production) for the whole game and units placed there never move. That is usually a forgotten connection
or a misspelled name in one. Maps also keep unconnected territories on purpose, and those are not reported:
impassable ones (`isImpassable`); ones owned by a player that takes no turn (a neutral placeholder blocking
a mountain range or a desert); markers (territories holding only units that cannot move, without
production); territories the map's conditions or triggers name (switches and counters they read); and,
when the map's polygons are there, empty territories drawn on the map (no production and no units: scenery,
a blocked region, a label), territories drawn apart from the map (legends, title boxes), groups of
unconnected territories drawn side by side (holding boxes, an off-map region) and lakes (a sea zone that
touches no other sea zone). Without the map's polygons an empty territory is reported: nothing tells it
from a territory whose connections were forgotten. A game with five or more (OFF_MAP) unconnected territories
(impassable ones aside) keeps an off-map region or a row of boxes by design: none of them is reported.

Failing::

    <territory name="Atlantis"/>   <!-- no connection names Atlantis -->

Passing::

    <territory name="Atlantis"/> <connection t1="Atlantis" t2="1 Sea Zone"/>

How to fix: add the connections the territory lacks (or correct a misspelled name in one); mark a territory
kept apart on purpose isImpassable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from compiler.checks._geometry import map_shapes
from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance
from compiler.model.game import int_value
from compiler.model.vocabulary import TERRITORY
from compiler.problems import Problem, Severity

ID = "isolated-territory"
SEVERITY = Severity.WARNING
# A game that leaves this many territories unconnected (impassable ones aside) does so by design.
OFF_MAP = 5
# Polygons closer than this many unit images touch (coastlines are often drawn a few pixels apart).
TOUCH_IN_UNITS = 0.25


class Territories:
    """What tells a territory kept apart on purpose, for one game: computed once, shared by the checks of
    unreachable territories (isolated-territory, disconnected-map)."""

    def __init__(self, ctx: CheckContext) -> None:
        g = ctx.model
        self.water = ctx.water
        self.impassable: set[str] = set()
        self.production: dict[str, int] = {}
        for inst in ctx.of_class(TERRITORY):
            if inst.attachment.type == TERRITORY.attach_type:  # TERRITORY.describes it
                for ov in inst.options:
                    if ov.option.name == "isImpassable" and ov.value.strip().lower() == "true":
                        self.impassable.add(inst.attach_to)
                    elif ov.option.name == "production":
                        self.production[inst.attach_to] = int_value(ov.value)
        playing = {s.player for s in g.steps if s.player}
        self.passive = {p.name for p in g.players if p.name not in playing} if g.steps else set()
        self.owners = {o.territory: o.owner for o in g.territory_owners}
        movable = {u for u, opts in ctx.unit_options.items() if int_value(opts.get("movement")) > 0}
        self.units: dict[str, list[bool]] = {}
        for u in g.unit_placements:
            self.units.setdefault(u.territory, []).append(u.unit_type in movable)
        self.named = _named_by_attachments(ctx)
        self.touching = _touching(ctx)

    def kept_apart(self, name: str) -> bool:
        """Whether the game itself says `name` is out of play: impassable, owned by a player that takes no
        turn, a marker (only units that cannot move, no production), or named by the map's attachments."""
        if name in self.impassable or self.owners.get(name) in self.passive or name in self.named:
            return True
        units = self.units.get(name, [])
        return bool(units) and not any(units) and self.production.get(name, 0) <= 0

    def empty(self, name: str) -> bool:
        """Whether nothing is at stake in `name`: no production and no unit placed there."""
        return self.production.get(name, 0) <= 0 and not self.units.get(name)

    def drawn_apart(self, name: str, unconnected: set[str]) -> bool:
        """Whether the map draws `name` out of play: empty (scenery, a blocked region), touching no territory
        (a box), touching another unconnected territory (a group of boxes, an off-map region), or a sea zone
        touching no sea (a lake). False without the map's polygons or a polygon for `name`."""
        if self.touching is None:
            return False
        around = self.touching(name)
        if around is None:
            return False
        return (self.empty(name) or not around or bool(around & unconnected)
                or (name in self.water and not around & self.water))


def _named_by_attachments(ctx: CheckContext) -> set[str]:
    """Territories named in an attachment option other than a TerritoryAttachment's own (the map's
    conditions and triggers read them)."""
    parts: set[str] = set().union(*ctx.per_instance("value parts", _value_parts))
    return parts & ctx.territories


def _value_parts(inst: AttachmentInstance) -> frozenset[str]:
    """The ':'-separated parts of the option values of an instance (none for a TerritoryAttachment's)."""
    if TERRITORY.describes(inst.attachment):
        return frozenset()
    return frozenset(part for ov in inst.options for part in ov.value.split(":"))


def _touching(ctx: CheckContext) -> Callable[[str], set[str] | None] | None:
    """A function giving the territories whose polygons touch a territory's (None for a territory without
    a usable polygon), or None when the map has no polygons.txt."""
    shapes = map_shapes(ctx)
    if shapes is None or not shapes.areas:
        return None
    import numpy as np
    import shapely

    names = list(shapes.areas)
    tree = shapely.STRtree(np.array([shapes.areas[n] for n in names], dtype=object))
    tolerance = max(2.0, TOUCH_IN_UNITS * shapes.geometry.unit_size)

    def touching(name: str) -> set[str] | None:
        area = shapes.areas.get(name)
        if area is None:
            return None
        return {names[i] for i in tree.query(area, predicate="dwithin", distance=tolerance).tolist()} - {name}

    return touching


def territories(ctx: CheckContext) -> Territories:
    """The game's Territories, built once per game."""
    return ctx.shared(Territories)


def unconnected(ctx: CheckContext) -> list[str]:
    """The territories without a connection (impassable ones aside), in document order."""
    view = ctx.map
    impassable = territories(ctx).impassable
    names = dict.fromkeys(t.name for t in ctx.model.territories)
    return [name for name in names if not view.connected(name) and name not in impassable]


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    if not g.connections:
        return
    view = ctx.map
    if all(view.connected(t.name) for t in g.territories):
        return
    lonely = unconnected(ctx)
    if len(lonely) >= OFF_MAP:
        return
    facts = territories(ctx)
    apart = set(lonely)
    locs = {t.name: t.loc for t in g.territories}
    for name in lonely:
        if not facts.kept_apart(name) and not facts.drawn_apart(name, apart):
            yield Problem(ID, f"territory '{name}' has no connection", locs[name], SEVERITY)
