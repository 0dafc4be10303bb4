"""The map of a game as one graph: territories (land or water), who borders whom, canals and straits
on the borders they cross, connected parts, distances and routes.

`map_view(game)` builds it once per game model (and per set of straits) and hands the same view to
every caller: checks, lowering, lifting and the engine. Neighbours, borders and connected parts are
plain dictionaries, cheap to build on every validation; `graph()` and `route()` use networkx, imported
only when first asked for.

>>> from compiler.model import Connection, GameModel, Info, Territory
>>> game = GameModel(info=Info(name="g"), territories=[Territory(name="A"), Territory(name="Sea", water=True),
...     Territory(name="B")], connections=[Connection(t1="A", t2="Sea"), Connection(t1="Sea", t2="B")])
>>> view = map_view(game)
>>> sorted(view.neighbours("Sea")), view.is_water("Sea"), view.distance("A", {"B"})
(['A', 'B'], True, 2)
>>> view.route("A", "B", through={"A", "B"}) is None
True
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from compiler.model.game import Attachment, Connection, GameModel, Territory
from compiler.model.vocabulary import is_canal

if TYPE_CHECKING:
    import networkx

EMPTY: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Canal:
    """A canal: passing between two of its sea zones needs control of its land territories."""

    name: str
    sea_zones: frozenset[str]
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Strait:
    """A named crossing between two (land) territories, as a spec or a house rule declares it."""

    name: str
    between: tuple[str, str]


Straits = Mapping[str, Sequence[str]] | Iterable[Sequence[str]]
"""Straits as given by callers: name -> (a, b), or (a, b) pairs (named "a-b")."""


def read_canals(attachments: Iterable[Attachment]) -> list[Canal]:
    """The canals of a game's attachments (as written: foreach not expanded), by canalName in order of
    first appearance; the land territories are the first attachment's. See `vocabulary.is_canal`."""
    parts: dict[str, tuple[set[str], tuple[str, ...]]] = {}
    for att in attachments:
        if not is_canal(att):
            continue
        opts = {o.name: o.value for o in att.options}
        name = opts.get("canalName", att.name)
        lands = tuple(x for x in opts.get("landTerritories", "").split(":") if x)
        zones, _ = parts.get(name, (set(), lands))
        zones.add(att.attach_to)
        parts[name] = (zones, lands)
    return [Canal(n, frozenset(z), lands) for n, (z, lands) in parts.items()]


def as_straits(straits: Straits) -> tuple[Strait, ...]:
    """Straits given as name -> (a, b) or as (a, b) pairs, as Strait records."""
    if isinstance(straits, Mapping):
        return tuple(Strait(str(name), (pair[0], pair[1])) for name, pair in straits.items())
    return tuple(Strait(f"{pair[0]}-{pair[1]}", (pair[0], pair[1])) for pair in straits)


class MapView:
    """The map: territories in document order, borders from the connections (both ways, endpoints
    that name no territory included), canals and straits on the borders they cross."""

    def __init__(self, territories: Iterable[Territory], connections: Iterable[Connection],
                 attachments: Iterable[Attachment] = (), straits: Iterable[Strait] = ()) -> None:
        listed = list(territories)
        self.territories: tuple[str, ...] = tuple(dict.fromkeys(t.name for t in listed))
        self.water: frozenset[str] = frozenset(t.name for t in listed if t.water)
        self._attachments = attachments
        self.straits: tuple[Strait, ...] = tuple(straits)
        known = frozenset(self.territories)
        adjacency: dict[str, set[str]] = {name: set() for name in self.territories}
        linked: dict[str, None] = {}  # territories joined to a known one, in order of first connection
        for c in connections:
            t1, t2 = c.t1, c.t2
            adjacency.setdefault(t1, set()).add(t2)
            adjacency.setdefault(t2, set()).add(t1)
            if t1 in known and t2 in known:
                linked[t1] = linked[t2] = None
        self.adjacency: Mapping[str, set[str]] = adjacency
        """territory -> its neighbours (every territory a key; names only connections use too)"""
        self.names: frozenset[str] = known
        """the territories' names"""
        self._linked = linked
        self._graph: networkx.Graph[str] | None = None

    @cached_property
    def canals(self) -> tuple[Canal, ...]:
        """The canals of the game's attachments (read on first use), see `read_canals`."""
        return tuple(read_canals(self._attachments))

    # --- territories and borders ---------------------------------------------------------------
    def knows(self, territory: str) -> bool:
        return territory in self.names

    def is_water(self, territory: str) -> bool:
        return territory in self.water

    def is_land(self, territory: str) -> bool:
        """Not water (a name no territory has counts as land, as TripleA's engine treats it)."""
        return territory not in self.water

    def neighbours(self, territory: str) -> AbstractSet[str]:
        """The territories `territory` borders (empty for a name without connections)."""
        return self.adjacency.get(territory, EMPTY)

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a connection joins `a` and `b`."""
        return b in self.adjacency.get(a, EMPTY)

    def connected(self, territory: str) -> bool:
        """Whether any connection names `territory`."""
        return bool(self.adjacency.get(territory))

    def canals_between(self, a: str, b: str) -> tuple[Canal, ...]:
        """The canals whose sea zones include both `a` and `b` (passing between them crosses the canal)."""
        return tuple(c for c in self.canals if a in c.sea_zones and b in c.sea_zones and a != b)

    def strait_between(self, a: str, b: str) -> Strait | None:
        """The strait joining `a` and `b`, if a caller declared one."""
        pair = {a, b}
        return next((s for s in self.straits if set(s.between) == pair), None)

    def components(self) -> list[set[str]]:
        """The connected parts of the territories that connections between territories join (a
        territory without such a connection is in none), in the order of their first territory in
        those connections, as networkx.connected_components gives them."""
        seen: set[str] = set()
        parts = []
        known, adjacency = self.names, self.adjacency
        for start in self._linked:
            if start in seen:
                continue
            part = {start}
            todo = [start]
            while todo:
                for nxt in adjacency[todo.pop()]:
                    if nxt not in part and nxt in known:
                        part.add(nxt)
                        todo.append(nxt)
            seen |= part
            parts.append(part)
        return parts

    # --- the graph: distances and routes (networkx) ----------------------------------------------
    def graph(self) -> networkx.Graph[str]:
        """The map as a networkx graph: node attribute `water`; edge attributes `canals` (names of the
        canals the border crosses) and `strait` (the strait's name, or None). Built on first use."""
        if self._graph is None:
            import networkx

            g: networkx.Graph[str] = networkx.Graph()
            for name in self.adjacency:
                g.add_node(name, water=name in self.water)
            for a, others in self.adjacency.items():
                for b in others:
                    if a <= b:
                        strait = self.strait_between(a, b)
                        g.add_edge(a, b, canals=tuple(c.name for c in self.canals_between(a, b)),
                                   strait=strait.name if strait else None)
            self._graph = g
        return self._graph

    def _moves(self, start: str, goal: str, through: AbstractSet[str] | None) -> networkx.Graph[str]:
        """The graph a move from `start` to `goal` may use: every territory, or only `through` (start
        and goal always allowed)."""
        g = self.graph()
        if through is None:
            return g
        import networkx

        allowed = {start, goal, *through}
        return networkx.subgraph_view(g, filter_node=allowed.__contains__)

    def distance(self, start: str, goals: AbstractSet[str], through: AbstractSet[str] | None = None) -> int | None:
        """Fewest steps from `start` to any of `goals`, moving only through `through` (everywhere when
        None); None when no goal can be reached. Breadth-first over the borders, stopping at the first
        goal: the engine asks this on every turn, and it is several times faster than networkx here
        (the tests hold it to networkx's shortest path lengths)."""
        if start in goals:
            return 0
        adjacency = self.adjacency
        seen = {start}
        frontier = [start]
        steps = 0
        while frontier:
            steps += 1
            nxt = []
            for here in frontier:
                for there in adjacency.get(here, EMPTY):
                    if there in seen:
                        continue
                    if there in goals:
                        return steps
                    seen.add(there)
                    if through is None or there in through:
                        nxt.append(there)
            frontier = nxt
        return None

    def route(self, start: str, goal: str, through: AbstractSet[str] | None = None) -> list[str] | None:
        """A shortest route from `start` to `goal` (both included), moving only through `through`
        (everywhere when None); None when there is none."""
        if start == goal:
            return [start]
        g = self._moves(start, goal, through)
        if start not in g or goal not in g:
            return None
        import networkx

        try:
            return list(networkx.shortest_path(g, start, goal))
        except networkx.NetworkXNoPath:
            return None


_VIEWS: dict[int, dict[tuple[Strait, ...], tuple[tuple[int, ...], MapView]]] = {}
"""id of a game model -> straits -> (what the view was built from, the view); emptied with the model"""


def _stamp(game: GameModel) -> tuple[int, ...]:
    """What a view of `game` is built from: its territory, connection and attachment lists (by identity
    and length: a model grown since gets a new view)."""
    lists = (game.territories, game.connections, game.attachments)
    return (*(id(x) for x in lists), *(len(x) for x in lists))


def map_view(game: GameModel, straits: Straits = ()) -> MapView:
    """The map view of `game` with `straits` (from a spec or a house rule), built once: asked again for
    the same game model and straits, the same view (a game grown since gets a new one)."""
    chosen = as_straits(straits)
    views = _VIEWS.get(id(game))
    if views is None:
        views = _VIEWS[id(game)] = {}
        weakref.finalize(game, _VIEWS.pop, id(game), None)
    stamp = _stamp(game)
    cached = views.get(chosen)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    view = MapView(game.territories, game.connections, game.attachments, chosen)
    views[chosen] = (stamp, view)
    return view
