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
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry


def ring_polygon(ring: Ring) -> Polygon | None:
    """The polygon of a ring, or None when it has fewer than three distinct points."""
    from shapely.geometry import Polygon

    if len(set(ring)) < 3:
        return None
    return Polygon(ring)


def is_empty(polygon: Polygon | None) -> bool:
    """Whether a ring's polygon covers no area, even once repaired (a bow tie's signed halves cancel
    in its raw area, yet it covers two triangles)."""
    from shapely.validation import make_valid

    return polygon is None or (polygon.area == 0 and make_valid(polygon).area == 0)


def area_of(rings: tuple[Ring, ...]) -> BaseGeometry | None:
    """The area covered by a territory's polygons (None when none of them has an area)."""
    from shapely.ops import unary_union
    from shapely.validation import make_valid

    parts: list[BaseGeometry] = []
    for ring in rings:
        polygon = ring_polygon(ring)
        if polygon is None:
            continue
        fixed = polygon if polygon.is_valid else make_valid(polygon)
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

    def near_pairs(self, names: list[str], tolerance: float) -> set[tuple[str, str]]:
        """The pairs (a, b), a before b in `names`, whose areas lie within `tolerance` of each other,
        across the wrap (one bulk query of a spatial index, not a measure of every pair)."""
        from shapely import STRtree, affinity

        chosen = [n for n in names if n in self.areas]
        areas = [self.areas[n] for n in chosen]
        if not areas:  # a map without a polygon (shapely cannot query an empty list)
            return set()
        tree = STRtree(areas)
        pairs: set[tuple[str, str]] = set()
        for dx, dy in self._shifts:
            moved = [affinity.translate(area, dx, dy) for area in areas] if (dx, dy) != (0, 0) else areas
            found = tree.query(moved, predicate="dwithin", distance=tolerance)
            for i, j in zip(found[0].tolist(), found[1].tolist(), strict=True):
                if i < j:
                    pairs.add((chosen[i], chosen[j]))
                elif j < i:
                    pairs.add((chosen[j], chosen[i]))
        return pairs

    def shared_border(self, a: str, b: str, tolerance: float) -> float:
        """How long (pixels) the outline of `a` runs within `tolerance` of `b`, across the wrap."""
        from shapely import affinity

        first, second = self.areas.get(a), self.areas.get(b)
        if first is None or second is None:
            return 0.0
        near = second.buffer(tolerance)
        return max(first.boundary.intersection(affinity.translate(near, dx, dy)).length for dx, dy in self._shifts)


_RECENT: dict[tuple[str, int], MapShapes] = {}
_KEEP = 4  # maps kept: the games of one map folder share their shapes


def _shapes_of(files: MapFiles) -> MapShapes:
    texts = tuple(entry[1] if (entry := files.get(name)) else "" for name in GEOMETRY_FILES)
    key = (files.root, hash(texts))
    shapes = _RECENT.get(key)
    if shapes is None:
        geometry = read_geometry(files)
        areas = {name: area for name, outline in geometry.polygons.items()
                 if (area := area_of(outline.rings)) is not None}
        shapes = MapShapes(geometry, areas)
        if len(_RECENT) >= _KEEP:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[key] = shapes
    return shapes


def map_shapes(ctx: CheckContext) -> MapShapes | None:
    """The shapes of the map of `ctx` (None when it has no polygons.txt), built once per map."""
    if ctx.map_files is None or ctx.map_files.get("polygons.txt") is None:
        return None
    return _shapes_of(ctx.map_files)
