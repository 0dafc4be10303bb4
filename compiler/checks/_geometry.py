"""The map's coordinates as shapes (shapely), built once per map (the games of a map folder share them).

A territory's area is the union of its polygons, each repaired when it crosses itself (the checks
that report broken polygons look at the raw rings). Distances honour a map that scrolls round: two
territories at the left and right edges of a map that wraps horizontally are neighbours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from compiler.checks.context import CheckContext
from compiler.mapfolder.geometry import GEOMETRY_FILES, MapGeometry, read_geometry, ring_arrays
from compiler.mapfolder.source import MapFiles
from compiler.problems import Problem

if TYPE_CHECKING:  # shapely (and numpy) take ~180 ms to import: only maps with polygons.txt pay it
    import numpy as np
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry


@dataclass(frozen=True)
class RingShape:
    """One ring of polygons.txt as shapely reads it."""

    polygon: Polygon | None  # None when the ring has fewer than three distinct points
    valid: bool  # it neither crosses nor touches itself
    empty: bool  # it covers no area, even once repaired (a bow tie's signed halves cancel in its raw area)


def ring_shapes(coords: np.ndarray, lengths: np.ndarray) -> list[RingShape]:
    """The shapes of the rings whose points are `coords` (rows of x, y, ring after ring; `lengths` points
    each, as `ring_arrays` reads them), made and measured by shapely in one vectorised call each."""
    import numpy as np
    import shapely

    usable = three_distinct(coords, lengths)
    polygons = np.full(len(lengths), None, dtype=object)
    if usable.any():
        ring_of_point = np.repeat(np.arange(int(usable.sum())), lengths[usable])
        polygons[usable] = shapely.polygons(shapely.linearrings(coords[np.repeat(usable, lengths)],
                                                                indices=ring_of_point))
    valid = shapely.is_valid(polygons)
    flat = shapely.area(polygons) == 0  # NaN (no polygon) is not 0
    flat[flat] = shapely.area(shapely.make_valid(polygons[flat])) == 0
    return [RingShape(polygon, bool(ok), polygon is None or bool(zero))
            for polygon, ok, zero in zip(polygons.tolist(), valid.tolist(), flat.tolist(), strict=True)]


def three_distinct(coords: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """For each ring (`lengths` rows of `coords` each), whether it has at least three distinct points:
    a point differing from both the ring's first point and the first point that differs from that."""
    import numpy as np

    found = np.zeros(len(lengths), dtype=bool)
    filled = lengths > 0
    if not filled.any():
        return found
    sizes = lengths[filled]
    starts = np.cumsum(sizes) - sizes  # the rings without points hold no rows
    differs = (coords != np.repeat(coords[starts], sizes, axis=0)).any(axis=1)
    total = len(coords)
    second = np.minimum.reduceat(np.where(differs, np.arange(total), total), starts)  # total: none differs
    third = differs & (coords != np.repeat(coords[np.minimum(second, total - 1)], sizes, axis=0)).any(axis=1)
    found[filled] = np.logical_or.reduceat(third, starts)
    return found


def territory_areas(rings: dict[str, list[RingShape]]) -> dict[str, BaseGeometry]:
    """Each territory's area: the union of its polygons, each repaired when it crosses itself, left out
    when it has no area (and the territory too when none has). Vectorised: the repairs in one call, the
    unions in one call for all the territories with as many polygons (shapely's union of an array's rows)."""
    import numpy as np
    import shapely

    shapes = [(name, shape) for name, of_territory in rings.items() for shape in of_territory
              if shape.polygon is not None]
    fixed = np.array([shape.polygon for _, shape in shapes], dtype=object)
    broken = np.array([not shape.valid for _, shape in shapes], dtype=bool)
    if broken.any():
        fixed[broken] = shapely.make_valid(fixed[broken])
    parts: dict[str, list[BaseGeometry]] = {}
    for (name, _), part, size in zip(shapes, fixed.tolist(), shapely.area(fixed).tolist(), strict=True):
        if size > 0:
            parts.setdefault(name, []).append(part)
    by_count: dict[int, list[str]] = {}
    for name, of_territory in parts.items():
        by_count.setdefault(len(of_territory), []).append(name)
    unions: dict[str, BaseGeometry] = {}
    for count, names in by_count.items():
        table = np.empty((len(names), count), dtype=object)
        table[:] = [parts[name] for name in names]
        unions.update(zip(names, np.asarray(shapely.union_all(table, axis=1)).tolist(), strict=True))
    return {name: union for name in parts if (union := unions[name]).area > 0}


@dataclass(frozen=True)
class NearGroups:
    """Territories grouped by identical area (a map may draw hundreds of them with one polygon), and the
    pairs of groups (i, j) that may lie within `tolerance` of each other: their bounding boxes do, across the
    wrap, and i's outline is long enough to be asked about (see MapShapes.near_groups); (i, i) when group i
    has several members. MapShapes.group_border measures a pair, 0 when the areas lie farther apart."""

    members: list[list[str]]  # each group's territories, sorted
    areas: list[BaseGeometry]  # each group's area (that of its first member)
    tolerance: float
    moves: dict[tuple[int, int], list[tuple[int, int]]]  # (i, j) -> the wrap moves that bring i's box near j's

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """The pairs of groups, sorted."""
        return sorted(self.moves)


@dataclass
class MapShapes:
    """The map's geometry and each territory's area (only territories with a usable polygon). The areas are
    prepared (shapely.prepare): predicates against them (intersects, dwithin) use their spatial indexes."""

    geometry: MapGeometry
    areas: dict[str, BaseGeometry] = field(default_factory=dict)
    rings: dict[str, list[RingShape]] = field(default_factory=dict)  # territory -> its rings' shapes, in order
    _near: dict[tuple[tuple[str, ...], float, float], NearGroups] = field(default_factory=dict, repr=False)
    _close: dict[tuple[tuple[str, str], float], bool] = field(default_factory=dict, repr=False)
    _borders: dict[tuple[int, int, float], float] = field(default_factory=dict, repr=False)
    _buffers: dict[tuple[int, float], BaseGeometry] = field(default_factory=dict, repr=False)
    _moved: dict[tuple[int, tuple[int, int]], BaseGeometry] = field(default_factory=dict, repr=False)
    _outlines: dict[int, BaseGeometry] = field(default_factory=dict, repr=False)
    _found: dict[str, list[Problem]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.areas:
            import shapely

            shapely.prepare(list(self.areas.values()))

    @cached_property
    def _shifts(self) -> list[tuple[int, int]]:
        """The moves that bring a territory next to its copies across the wrap, (0, 0) first (the map's
        size is asked for only when it wraps: a map that wraps gives it in map.properties)."""
        wrap_x, wrap_y = self.geometry.wraps
        width, height = self.geometry.size if wrap_x or wrap_y else (0, 0)
        xs = [0, width, -width] if wrap_x else [0]
        ys = [0, height, -height] if wrap_y else [0]
        return [(dx, dy) for dx in xs for dy in ys]

    def found(self, check_id: str, find: Callable[[MapShapes], Iterable[Problem]]) -> list[Problem]:
        """The problems `find` reports of this map alone (not of a game), found once for the games of a map."""
        if check_id not in self._found:
            self._found[check_id] = list(find(self))
        return self._found[check_id]

    def distance(self, a: str, b: str) -> float:
        """The shortest distance between the areas of two territories, across the wrap if the map
        scrolls round (inf when either has no area)."""
        from shapely import affinity

        first, second = self.areas.get(a), self.areas.get(b)
        if first is None or second is None:
            return float("inf")
        direct = float(first.distance(second))
        if direct == 0 or len(self._shifts) == 1:
            return direct
        return min(direct, *(first.distance(affinity.translate(second, dx, dy)) for dx, dy in self._shifts[1:]))

    def near_groups(self, names: list[str], tolerance: float, outline: float = 0.0) -> NearGroups:
        """`names` (those with an area) grouped by identical area, and the pairs of groups whose bounding boxes
        lie within `tolerance` of each other, across the wrap, the first group's outline running at least
        `outline` pixels (a border along it cannot be longer). One bulk query of a spatial index over the
        distinct areas' boxes: territories drawn alike cost one area, and no pair of territories is measured
        here (group_border measures a pair when asked). Asked once for the games of a map."""
        key = (tuple(names), tolerance, outline)
        if key not in self._near:
            self._near[key] = self._query_near_groups(names, tolerance, outline)
        return self._near[key]

    def _query_near_groups(self, names: list[str], tolerance: float, outline: float) -> NearGroups:
        import numpy as np
        import shapely

        members = _identical(names, self.areas)
        if not members:  # a map without a polygon (shapely cannot query an empty list)
            return NearGroups([], [], tolerance, {})
        areas = np.array([self.areas[group[0]] for group in members], dtype=object)
        asked = np.flatnonzero(shapely.length(areas) >= outline - _ROUNDING)
        tree = shapely.STRtree(areas)
        moves: dict[tuple[int, int], list[tuple[int, int]]] = {(int(i), int(i)): [] for i in asked
                                                                if len(members[i]) > 1}
        low_x, low_y, high_x, high_y = shapely.bounds(areas[asked]).T
        for dx, dy in self._shifts:
            boxes = shapely.box(low_x + dx - tolerance, low_y + dy - tolerance, high_x + dx + tolerance,
                                high_y + dy + tolerance)
            found = tree.query(boxes)
            for i, j in zip(asked[found[0]].tolist(), found[1].tolist(), strict=True):
                if i != j:
                    moves.setdefault((i, j), []).append((dx, dy))
        return NearGroups(members, areas.tolist(), tolerance, moves)

    def close_pairs(self, pairs: list[tuple[str, str]], tolerance: float) -> set[tuple[str, str]]:
        """The pairs of `pairs` (territories with areas) that lie within `tolerance` of each other, across
        the wrap: measured in vectorised calls, however many territories lie around them, each pair once
        for the games of a map."""
        new = [pair for pair in dict.fromkeys(pairs) if (pair, tolerance) not in self._close]
        for pair, near in zip(new, self._measure_close(new, tolerance), strict=True):
            self._close[pair, tolerance] = near
        return {pair for pair in pairs if self._close[pair, tolerance]}

    def _measure_close(self, pairs: list[tuple[str, str]], tolerance: float) -> list[bool]:
        import numpy as np
        import shapely

        first = np.array([self.areas[a] for a, _ in pairs], dtype=object)
        second = np.array([self.areas[b] for _, b in pairs], dtype=object)
        close = within(first, second, tolerance)
        for dx, dy in self._shifts[1:]:  # the first shift is none
            far = ~close
            moved = _translated(first[far], dx, dy)
            shapely.prepare(moved)
            close[far] = within(moved, second[far], tolerance)
        return [bool(near) for near in close]

    def group_border(self, near: NearGroups, i: int, j: int) -> float:
        """How long (pixels) the outline of group i of `near` runs within its tolerance of group j, across the
        wrap (`shared_border` of any of their members); 0 when no move across the wrap brings group i within
        the tolerance of group j. Measured once for the games of a map."""
        first, second = near.areas[i], near.areas[j]
        key = (id(first), id(second), near.tolerance)
        if key not in self._borders:
            touching = self.groups_near(near, i, j)
            self._borders[key] = self._border(first, second, near.tolerance) if touching else 0.0
        return self._borders[key]

    def groups_near(self, near: NearGroups, i: int, j: int) -> bool:
        """Whether groups i and j of `near` (a pair of it) lie within its tolerance of each other, across the
        wrap; asked both ways round, as a spatial index's query of every territory against the others did."""
        first, second, tolerance = near.areas[i], near.areas[j], near.tolerance
        return i == j or any(self._within(first, (dx, dy), second, tolerance) or
                             self._within(second, (-dx, -dy), first, tolerance) for dx, dy in near.moves[i, j])

    def _within(self, area: BaseGeometry, move: tuple[int, int], other: BaseGeometry, tolerance: float) -> bool:
        """Whether `area` moved by `move` (across the wrap) lies within `tolerance` of `other`: shapely's
        dwithin with the moved area prepared, as a spatial index's query tests it (prepared, GEOS may leave
        out a pair at exactly the tolerance one way round and not the other: hence groups_near asks both)."""
        import shapely

        if move == (0, 0):
            return bool(shapely.dwithin(area, other, tolerance))
        key = (id(area), move)
        if key not in self._moved:
            self._moved[key] = moved = shapely.transform(area, lambda xy: xy + move)
            shapely.prepare(moved)
        return bool(shapely.dwithin(self._moved[key], other, tolerance))

    def shared_border(self, a: str, b: str, tolerance: float) -> float:
        """How long (pixels) the outline of `a` runs within `tolerance` of `b`, across the wrap."""
        first, second = self.areas.get(a), self.areas.get(b)
        if first is None or second is None:
            return 0.0
        return self._border(first, second, tolerance)

    def _border(self, first: BaseGeometry, second: BaseGeometry, tolerance: float) -> float:
        """How long the outline of `first` runs within `tolerance` of `second`, across the wrap (the outline
        and the area around `second` made once per territory)."""
        from shapely import affinity

        if (id(second), tolerance) not in self._buffers:
            self._buffers[id(second), tolerance] = second.buffer(tolerance)
        if id(first) not in self._outlines:
            self._outlines[id(first)] = first.boundary
        near, outline = self._buffers[id(second), tolerance], self._outlines[id(first)]
        return max(outline.intersection(affinity.translate(near, dx, dy) if dx or dy else near).length
                   for dx, dy in self._shifts)


# How far from a tolerance a distance may lie and still be measured unprepared (see `within`).
_TIE = 1e-6


def within(first: np.ndarray, second: np.ndarray, tolerance: float) -> np.ndarray:
    """shapely.dwithin of each pair as it answers for unprepared geometries (a distance equal to the tolerance
    is within it), with `first` prepared. Prepared, GEOS answers the same but may leave out a pair whose
    distance equals the tolerance; so the prepared answer is taken a hair below and a hair above the
    tolerance, and only the pairs between the two (ties) are measured again, on unprepared copies."""
    import numpy as np
    import shapely

    close = shapely.dwithin(first, second, max(0.0, tolerance - _TIE))
    rest = np.flatnonzero(~close)
    tied = rest[shapely.dwithin(first[rest], second[rest], tolerance + _TIE)]
    if len(tied):
        close[tied] = shapely.dwithin(shapely.from_wkb(shapely.to_wkb(first[tied])),
                                      shapely.from_wkb(shapely.to_wkb(second[tied])), tolerance)
    return close


# A border computed along an outline may exceed the outline's length by rounding: by far less than this.
_ROUNDING = 1e-6


def _identical(names: list[str], areas: dict[str, BaseGeometry]) -> list[list[str]]:
    """`names` with an area grouped by identical area (the same points in the same order), members sorted:
    first by what is cheap to measure (bounds, number of points, area), then, among territories alike in
    that, by their points (WKB)."""
    import numpy as np
    import shapely

    chosen = [name for name in names if name in areas]
    geometries = np.array([areas[name] for name in chosen], dtype=object)
    measures = zip(map(tuple, shapely.bounds(geometries).tolist()), shapely.get_num_coordinates(geometries).tolist(),
                   shapely.area(geometries).tolist(), strict=True)
    alike: dict[tuple[object, ...], list[str]] = {}
    for name, key in zip(chosen, measures, strict=True):
        alike.setdefault(key, []).append(name)
    groups: list[list[str]] = []
    for candidates in alike.values():
        if len(candidates) == 1:
            groups.append(candidates)
            continue
        same: dict[bytes, list[str]] = {}
        for name in candidates:
            same.setdefault(areas[name].wkb, []).append(name)
        groups.extend(sorted(group) for group in same.values())
    return groups


def _translated(areas: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """`areas` (an array of geometries) moved by (dx, dy), in one vectorised call."""
    import shapely

    return shapely.transform(areas, lambda xy: xy + (dx, dy))


_RECENT: dict[tuple[str, int], MapShapes] = {}
_KEEP = 4  # maps kept: the games of one map folder share their shapes
_DRAWN: dict[str, tuple[dict[str, list[RingShape]], dict[str, BaseGeometry]]] = {}
_DRAWN_CHARACTERS = 40_000_000  # the polygons.txt texts whose shapes are kept, in characters (~4 million points)


def _shapes_of(files: MapFiles) -> MapShapes:
    texts = tuple(entry[1] if (entry := files.get(name)) else "" for name in GEOMETRY_FILES)
    key = (files.root, hash(texts))
    shapes = _RECENT.get(key)
    if shapes is None:
        geometry = read_geometry(files)
        rings, areas = _drawn(geometry, texts[GEOMETRY_FILES.index("polygons.txt")])
        shapes = MapShapes(geometry, areas, rings)
        if len(_RECENT) >= _KEEP:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[key] = shapes
    return shapes


def _drawn(geometry: MapGeometry, polygons: str) -> tuple[dict[str, list[RingShape]], dict[str, BaseGeometry]]:
    """The shapes of each territory's rings and its area, made once for the maps of a run that share one
    polygons.txt (map folders copy one another's): the shapes depend on its text alone."""
    drawn = _DRAWN.get(polygons)
    if drawn is None:
        rings = _rings_by_territory(geometry)
        drawn = _DRAWN[polygons] = (rings, territory_areas(rings))
        while sum(map(len, _DRAWN)) > _DRAWN_CHARACTERS and len(_DRAWN) > 1:
            del _DRAWN[next(iter(_DRAWN))]
    return drawn


def _rings_by_territory(geometry: MapGeometry) -> dict[str, list[RingShape]]:
    outlines = geometry.polygons
    flat = iter(ring_shapes(*ring_arrays(list(outlines.values()))))
    return {name: [next(flat) for _ in outline.texts] for name, outline in outlines.items()}


def map_shapes(ctx: CheckContext) -> MapShapes | None:
    """The shapes of the map of `ctx` (None when it has no polygons.txt), built once per map."""
    if ctx.map_files is None or ctx.map_files.get("polygons.txt") is None:
        return None
    return _shapes_of(ctx.map_files)
