"""The map's spatial indexes find exactly what measuring every pair of territories finds.

Each test draws a map at random (seeded) on a small grid of whole pixels, so that territories repeat
one another's polygons, touch, nearly touch and overlap, with degenerate polygons among them (1x1
squares, flat and two-point rings, bow ties, several polygons to a territory), then compares an
indexed computation of compiler/checks/_geometry.py with the plain loop over every pair it replaced.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import numpy as np
import pytest
import shapely
from shapely import affinity
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.validation import make_valid

from compiler.checks._geometry import MapShapes, RingShape, ring_shapes, territory_areas, within
from compiler.checks.missing_connection import MIN_BORDER, TOUCH, _unconnected_borders
from compiler.checks.point_outside_territory import _inside, _wholly_outside
from compiler.mapfolder.geometry import MapGeometry, read_polygons, ring_arrays

SEEDS = range(12)


def random_ring(rng: random.Random, size: int) -> str:
    """One polygon's text: mostly rectangles on a coarse grid (so that polygons repeat and touch), and
    every kind of degenerate ring."""
    kind = rng.choice(["box", "box", "box", "box", "pixel", "triangle", "bow tie", "flat", "two points", "gap"])
    x, y = rng.randrange(0, size, 10), rng.randrange(0, size, 10)
    w, h = rng.choice([10, 20, 30]), rng.choice([10, 20])
    points = {
        "box": [(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
        "pixel": [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)],
        "triangle": [(x, y), (x + w, y), (x, y + h)],
        "bow tie": [(x, y), (x + w, y + h), (x + w, y), (x, y + h)],
        "flat": [(x, y), (x + w, y), (x + 2 * w, y)],
        "two points": [(x, y), (x + w, y), (x, y)],
        "gap": [(x + 1, y), (x + w - 1, y), (x + w - 1, y + h - 2), (x + 1, y + h - 2)],  # 1-2 px from its grid
    }[kind]
    return "<  " + " ".join(f"({px},{py})" for px, py in points) + "  >"


def random_map(seed: int, territories: int = 60, size: int = 120, wrap: bool = False) -> MapShapes:
    """The shapes of a random map; a fifth of its territories copy another's line of polygons."""
    rng = random.Random(seed)
    lines: list[str] = []
    for i in range(territories):
        if lines and rng.random() < 0.2:
            lines.append(f"T{i:03d}  " + rng.choice(lines).split("  ", 1)[1])
        else:
            polygons = " ".join(random_ring(rng, size) for _ in range(rng.choice([1, 1, 1, 2, 3])))
            lines.append(f"T{i:03d}  {polygons}")
    return map_of(lines, {"map.width": str(size), "map.height": str(size), "map.scrollWrapX": str(wrap).lower()})


def map_of(lines: list[str], properties: dict[str, str] | None = None) -> MapShapes:
    """The shapes of the polygons.txt made of `lines`, as validate builds them."""
    geometry = MapGeometry(polygons=read_polygons("\n".join(lines), "polygons.txt"), properties=properties or {})
    outlines = list(geometry.polygons.values())
    flat = iter(ring_shapes(*ring_arrays(outlines)))
    rings = {outline.name: [next(flat) for _ in outline.texts] for outline in outlines}
    return MapShapes(geometry, territory_areas(rings), rings)


def copy(area: BaseGeometry) -> BaseGeometry:
    """An unprepared copy of an area (the indexes prepare the map's areas in place)."""
    return shapely.from_wkb(area.wkb)


def shifts(shapes: MapShapes) -> list[tuple[int, int]]:
    wrap_x, _ = shapes.geometry.wraps
    width = shapes.geometry.size[0]
    return [(0, 0), (width, 0), (-width, 0)] if wrap_x else [(0, 0)]


Border = tuple[str, str, float]


def old_near_pairs(shapes: MapShapes, names: list[str], tolerance: float = TOUCH) -> set[tuple[str, str]]:
    """The pairs missing-connection measured before: every territory queried against all the others
    (a spatial index's dwithin, across the wrap), each pair sorted."""
    areas = np.array([copy(shapes.areas[name]) for name in names], dtype=object)
    tree = shapely.STRtree(areas)
    pairs: set[tuple[str, str]] = set()
    for dx, dy in shifts(shapes):
        moved = np.array([affinity.translate(area, dx, dy) for area in areas], dtype=object)
        found = tree.query(moved, predicate="dwithin", distance=tolerance)
        pairs.update((names[min(i, j)], names[max(i, j)]) for i, j in zip(*found.tolist(), strict=True) if i != j)
    return pairs


def pairwise_borders(shapes: MapShapes, land: list[str], adjacent: set[tuple[str, str]]) -> list[Border]:
    """missing-connection as it was: the border of every near, unconnected pair of territories."""
    found = []
    for a, b in sorted(old_near_pairs(shapes, sorted(land))):
        if (a, b) in adjacent:
            continue
        first, buffer = copy(shapes.areas[a]), copy(shapes.areas[b]).buffer(TOUCH)
        border = max(first.boundary.intersection(affinity.translate(buffer, dx, dy)).length
                     for dx, dy in shifts(shapes))
        if border >= MIN_BORDER:
            found.append((a, b, border))
    return found


class Adjacency:
    """The one question missing-connection asks of the game's map."""

    def __init__(self, pairs: set[tuple[str, str]]) -> None:
        self.pairs = pairs

    def adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self.pairs or (b, a) in self.pairs


def adjacency(shapes: MapShapes, seed: int) -> set[tuple[str, str]]:
    """A random third of the pairs of territories, as connections."""
    rng = random.Random(seed)
    return {pair for pair in combinations(sorted(shapes.areas), 2) if rng.random() < 0.3}


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_near_groups_find_the_borders_the_pairwise_loop_finds(seed: int, wrap: bool) -> None:
    shapes = random_map(seed, wrap=wrap)
    land = sorted(shapes.areas)
    connected = adjacency(shapes, seed)
    indexed = sorted(_unconnected_borders(shapes, Adjacency(connected), land))  # type: ignore[arg-type]
    assert indexed == pairwise_borders(shapes, land, connected)


def test_territories_sharing_one_polygon_are_measured_once() -> None:
    """Battle_of_Jutland's shape: hundreds of territories on one 1x1 polygon (and some on a larger one);
    one pair of drawings measured, however many pairs of territories share them."""
    lines = [f"Dot{i:04d}  <  (0,0) (1,0) (1,1) (0,1)  >" for i in range(600)]
    lines += [f"Box{i:04d}  <  (10,0) (30,0) (30,20) (10,20)  >" for i in range(40)]
    shapes = map_of(lines)
    land = sorted(shapes.areas)
    near = shapes.near_groups(land, TOUCH, outline=MIN_BORDER)
    assert sorted(map(len, near.members)) == [40, 600]
    assert len(near.pairs) == 1  # the boxes with themselves: the 1x1 outline (4 px) cannot border 10 px
    found = list(_unconnected_borders(shapes, Adjacency(set()), land))  # type: ignore[arg-type]
    assert len(found) == 40 * 39 // 2 and {border for _, _, border in found} == {80.0}
    assert len(shapes._borders) == 1


def area_of(shapes: list[RingShape]) -> BaseGeometry | None:
    """A territory's area as it was computed, one territory at a time."""
    parts = [shape.polygon if shape.valid else make_valid(shape.polygon) for shape in shapes
             if shape.polygon is not None]
    parts = [part for part in parts if part.area > 0]
    if not parts:
        return None
    union = unary_union(parts)
    return union if union.area > 0 else None


@pytest.mark.parametrize("seed", SEEDS)
def test_territory_areas_are_the_unions_made_one_territory_at_a_time(seed: int) -> None:
    shapes = random_map(seed)
    expected = {name: area for name, rings in shapes.rings.items() if (area := area_of(rings)) is not None}
    assert list(shapes.areas) == list(expected)
    assert all(shapes.areas[name].wkb == area.wkb for name, area in expected.items())


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_close_pairs_with_prepared_areas_are_the_pairs_measured_one_by_one(seed: int, wrap: bool) -> None:
    shapes = random_map(seed, wrap=wrap)
    pairs = list(combinations(sorted(shapes.areas), 2))
    copies = {name: copy(area) for name, area in shapes.areas.items()}
    seconds = np.array([copies[b] for _, b in pairs], dtype=object)
    moved = [np.array([affinity.translate(copies[a], dx, dy) for a, _ in pairs], dtype=object)
             for dx, dy in shifts(shapes)]
    for tolerance in (0.0, 2.0, 15.0):
        close = np.logical_or.reduce([shapely.dwithin(firsts, seconds, tolerance) for firsts in moved])
        assert shapes.close_pairs(pairs, tolerance) == {pair for pair, near in zip(pairs, close, strict=True) if near}


def jagged_pair(rng: random.Random, gap: int = 12, y: int = 0) -> tuple[BaseGeometry, BaseGeometry]:
    """Two polygons facing each other across a gap of exactly `gap` pixels somewhere along jagged edges."""
    size = rng.choice([20, 50, 120])
    ys = sorted(rng.sample(range(y, y + 400), size))
    left = shapely.Polygon([(0, ys[0]), *((100 - rng.choice([0, 0, 1, 2, 3]), y) for y in ys), (0, ys[-1])])
    ys = sorted(rng.sample(range(y, y + 400), size))
    right = shapely.Polygon([(200, ys[0]), *((100 + gap + rng.choice([0, 0, 1, 2, 3]), y) for y in ys),
                             (200, ys[-1])])
    return left, right


@pytest.mark.parametrize("gap", [int(TOUCH), 12])
def test_territories_exactly_the_tolerance_apart_are_near_as_before(gap: int) -> None:
    """Coasts drawn exactly the tolerance apart: prepared, GEOS answers some such pairs one way round only
    (at 12 pixels here); the pairs near each other are those the old query of every territory found."""
    rng = random.Random(gap)
    lines = []
    for k in range(60):
        for side, polygon in zip("LR", jagged_pair(rng, gap, 500 * k), strict=True):
            points = " ".join(f"({x:.0f},{y:.0f})" for x, y in shapely.get_coordinates(polygon)[:-1].tolist())
            lines.append(f"{side}{k:02d}  <  {points}  >")
    shapes = map_of(lines)
    names = sorted(shapes.areas)
    expected = old_near_pairs(shapes, names, float(gap))
    near = shapes.near_groups(names, float(gap))
    group = {name: i for i, members in enumerate(near.members) for name in members}
    found = {(a, b) for a, b in combinations(names, 2) if (group[a], group[b]) in near.moves
             and shapes.groups_near(near, group[a], group[b])}
    assert len(expected) > 40 and found == expected
    if gap == int(TOUCH):
        indexed = sorted(_unconnected_borders(shapes, Adjacency(set()), names))  # type: ignore[arg-type]
        assert indexed == pairwise_borders(shapes, names, set())


def test_within_answers_as_unprepared_geometries_do_at_a_distance_equal_to_the_tolerance() -> None:
    """Prepared, GEOS leaves out some pairs lying exactly at the tolerance (distant-connection's 96 pixels on
    ww2_oil_and_snow_2nd_edition); `within` answers as for unprepared geometries, as the check did."""
    rng = random.Random(16)
    pairs = [jagged_pair(rng) for _ in range(400)]
    firsts = np.array([first for first, _ in pairs], dtype=object)
    seconds = np.array([second for _, second in pairs], dtype=object)
    expected = shapely.dwithin(firsts, seconds, 12.0)
    prepared = np.array([copy(first) for first in firsts], dtype=object)
    shapely.prepare(prepared)
    assert (shapely.dwithin(prepared, seconds, 12.0) != expected).any()  # what `within` is for
    assert within(prepared, seconds, 12.0).tolist() == expected.tolist()


def placement_points(rng: random.Random, count: int) -> Iterator[tuple[int, int]]:
    for _ in range(count):
        yield rng.randrange(-60, 180), rng.randrange(-60, 180)


@pytest.mark.parametrize("seed", SEEDS)
def test_points_in_areas_and_unit_images_are_tested_as_one_by_one(seed: int) -> None:
    shapes = random_map(seed)
    rng = random.Random(seed)
    names = sorted(shapes.areas)
    points = [tuple(placement_points(rng, rng.randrange(0, 6))) for _ in names]
    areas = [shapes.areas[name] for name in names]
    side = 48
    expected = [[p for p in of_area if not copy(area).intersects(shapely.box(p[0], p[1], p[0] + side, p[1] + side))]
                for area, of_area in zip(areas, points, strict=True)]
    assert _wholly_outside(areas, points, side) == expected
    centres = [next(placement_points(rng, 1)) for _ in names]
    assert _inside(areas, centres) == [copy(area).intersects(shapely.Point(c)) for area, c in zip(areas, centres,
                                                                                                 strict=True)]


def test_an_empty_map_has_no_near_groups() -> None:
    shapes = MapShapes(MapGeometry())
    assert shapes.near_groups([], TOUCH).pairs == []
    assert shapes.close_pairs([], 10.0) == set()
    assert _wholly_outside([], [], 48) == [] and _inside([], []) == []
    assert np.asarray(ring_arrays([])[0]).shape == (0, 2)
