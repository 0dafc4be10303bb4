"""The map's coordinates as shapes (shapely), built once per map (the games of a map folder share them).

A territory's area is the union of its polygons, each repaired when it crosses itself (the checks
that report broken polygons look at the raw rings). Distances honour a map that scrolls round: two
territories at the left and right edges of a map that wraps horizontally are neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from compiler.checks.context import CheckContext
from compiler.mapfolder.geometry import GEOMETRY_FILES, MapGeometry, Ring, read_geometry
from compiler.mapfolder.source import MapFiles

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


def ring_shapes(rings: list[Ring]) -> list[RingShape]:
    """The shapes of `rings`, made and measured by shapely in one vectorised call each."""
    import numpy as np
    import shapely

    usable = [i for i, ring in enumerate(rings) if len(set(ring)) >= 3]
    polygons = np.full(len(rings), None, dtype=object)
    if usable:
        coords = np.array([point for i in usable for point in rings[i]], dtype=float)
        ring_of_point = np.repeat(np.arange(len(usable)), [len(rings[i]) for i in usable])
        polygons[usable] = shapely.polygons(shapely.linearrings(coords, indices=ring_of_point))
    valid = shapely.is_valid(polygons)
    flat = shapely.area(polygons) == 0  # NaN (no polygon) is not 0
    flat[flat] = shapely.area(shapely.make_valid(polygons[flat])) == 0
    return [RingShape(polygon, bool(ok), polygon is None or bool(zero))
            for polygon, ok, zero in zip(polygons.tolist(), valid.tolist(), flat.tolist(), strict=True)]


def area_of(shapes: list[RingShape]) -> BaseGeometry | None:
    """The area covered by a territory's polygons, each repaired when it crosses itself (None when none
    of them has an area)."""
    from shapely.ops import unary_union
    from shapely.validation import make_valid

    parts: list[BaseGeometry] = []
    for shape in shapes:
        if shape.polygon is None:
            continue
        fixed = shape.polygon if shape.valid else make_valid(shape.polygon)
        if fixed.area > 0:
            parts.append(fixed)
    if not parts:
        return None
    union = unary_union(parts)
    return union if union.area > 0 else None


@dataclass
class MapShapes:
    """The map's geometry and each territory's area (only territories with a usable polygon)."""

    geometry: MapGeometry
    areas: dict[str, BaseGeometry] = field(default_factory=dict)
    rings: dict[str, list[RingShape]] = field(default_factory=dict)  # territory -> its rings' shapes, in order
    _near: dict[tuple[tuple[str, ...], float], frozenset[tuple[str, str]]] = field(default_factory=dict, repr=False)
    _close: dict[tuple[tuple[str, str], float], bool] = field(default_factory=dict, repr=False)

    @cached_property
    def _shifts(self) -> list[tuple[int, int]]:
        (width, height), (wrap_x, wrap_y) = self.geometry.size, self.geometry.wraps
        xs = [0, width, -width] if wrap_x else [0]
        ys = [0, height, -height] if wrap_y else [0]
        return [(dx, dy) for dx in xs for dy in ys]

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

    def near_pairs(self, names: list[str], tolerance: float) -> frozenset[tuple[str, str]]:
        """The pairs (a, b), a before b in `names`, whose areas lie within `tolerance` of each other,
        across the wrap (one bulk query of a spatial index, not a measure of every pair); asked once
        for the games of a map that share their territories."""
        key = (tuple(names), tolerance)
        if key not in self._near:
            self._near[key] = frozenset(self._query_near_pairs(names, tolerance))
        return self._near[key]

    def _query_near_pairs(self, names: list[str], tolerance: float) -> set[tuple[str, str]]:
        import numpy as np
        import shapely

        chosen = [n for n in names if n in self.areas]
        if not chosen:  # a map without a polygon (shapely cannot query an empty list)
            return set()
        areas = np.array([self.areas[n] for n in chosen], dtype=object)
        tree = shapely.STRtree(areas)
        pairs: set[tuple[str, str]] = set()
        for dx, dy in self._shifts:
            moved = _translated(areas, dx, dy) if (dx, dy) != (0, 0) else areas
            found = tree.query(moved, predicate="dwithin", distance=tolerance)
            for i, j in zip(found[0].tolist(), found[1].tolist(), strict=True):
                if i < j:
                    pairs.add((chosen[i], chosen[j]))
                elif j < i:
                    pairs.add((chosen[j], chosen[i]))
        return pairs

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
        close = shapely.dwithin(first, second, tolerance)
        for dx, dy in self._shifts[1:]:  # the first shift is none
            far = ~close
            close[far] = shapely.dwithin(_translated(first[far], dx, dy), second[far], tolerance)
        return [bool(near) for near in close]

    def shared_border(self, a: str, b: str, tolerance: float) -> float:
        """How long (pixels) the outline of `a` runs within `tolerance` of `b`, across the wrap."""
        from shapely import affinity

        first, second = self.areas.get(a), self.areas.get(b)
        if first is None or second is None:
            return 0.0
        near = second.buffer(tolerance)
        return max(first.boundary.intersection(affinity.translate(near, dx, dy)).length for dx, dy in self._shifts)


def _translated(areas: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """`areas` (an array of geometries) moved by (dx, dy), in one vectorised call."""
    import shapely

    return shapely.transform(areas, lambda xy: xy + (dx, dy))


_RECENT: dict[tuple[str, int], MapShapes] = {}
_KEEP = 4  # maps kept: the games of one map folder share their shapes


def _shapes_of(files: MapFiles) -> MapShapes:
    texts = tuple(entry[1] if (entry := files.get(name)) else "" for name in GEOMETRY_FILES)
    key = (files.root, hash(texts))
    shapes = _RECENT.get(key)
    if shapes is None:
        geometry = read_geometry(files)
        rings = _rings_by_territory(geometry)
        areas = {name: area for name, shapes_of_rings in rings.items()
                 if (area := area_of(shapes_of_rings)) is not None}
        shapes = MapShapes(geometry, areas, rings)
        if len(_RECENT) >= _KEEP:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[key] = shapes
    return shapes


def _rings_by_territory(geometry: MapGeometry) -> dict[str, list[RingShape]]:
    outlines = geometry.polygons
    flat = iter(ring_shapes([ring for outline in outlines.values() for ring in outline.rings]))
    return {name: [next(flat) for _ in outline.rings] for name, outline in outlines.items()}


def map_shapes(ctx: CheckContext) -> MapShapes | None:
    """The shapes of the map of `ctx` (None when it has no polygons.txt), built once per map."""
    if ctx.map_files is None or ctx.map_files.get("polygons.txt") is None:
        return None
    return _shapes_of(ctx.map_files)
