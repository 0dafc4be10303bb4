"""Reading a map's points in bulk (numpy) gives what reading them one by one gives.

polygons.txt, centers.txt and place.txt of large maps hold hundreds of thousands of points: plainly
written ones are read by one numpy call per file, any other line point by point (compiler/mapfolder/
geometry.py). These tests write lines at random, plain and odd (spaces and tabs anywhere, signs, zeros,
numbers beyond Java's int, other digits than ASCII ones, stray text, empty polygons) and compare.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from compiler.checks._geometry import three_distinct
from compiler.mapfolder.geometry import _points, read_points, read_polygons, ring_arrays

NUMBERS = ["0", "7", "-3", "-0", "007", "123456789", "-123456789", "2147483647", "-2147483648", "2147483648",
           "99999999999", "0000000000005", "\u0661\u0662"]
SPACES = ["", "", "", " ", "  ", "\t"]
JUNK = ["", "", "", "", "x", "(1,)", "(,2)", "(1 2,3)", "(- 4,5)", "(6-7,8)", "( 9 , 10 ,11)", "<", "(1,2"]


def point(rng: random.Random, plain: bool) -> str:
    if plain:
        return f"({rng.randrange(-5000, 5000)},{rng.randrange(0, 5000)})"
    pad = lambda: rng.choice(SPACES)  # noqa: E731
    return f"({pad()}{rng.choice(NUMBERS)}{pad()},{pad()}{rng.choice(NUMBERS)}{pad()})"


def points_text(rng: random.Random) -> str:
    plain = rng.random() < 0.6
    parts = [point(rng, plain) for _ in range(rng.randrange(0, 7))]
    if not plain:
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(JUNK))
    return (" " if plain else rng.choice(SPACES)).join(parts)


@pytest.mark.parametrize("seed", range(20))
def test_polygons_read_in_bulk_are_the_points_read_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    lines = [f"T{i}  " + "  ".join(f"<{rng.choice(SPACES)}{points_text(rng)}{rng.choice(SPACES)}>"
                                   for _ in range(rng.randrange(0, 4))) for i in range(80)]
    outlines = list(read_polygons("\n".join(lines), "polygons.txt").values())
    coords, lengths = ring_arrays(outlines)
    rings = [ring for outline in outlines for ring in outline.rings]
    assert lengths.tolist() == [len(ring) for ring in rings]
    assert coords.tolist() == [[float(x), float(y)] for ring in rings for x, y in ring]
    assert rings == [_points(text) for outline in outlines for text in outline.texts]


@pytest.mark.parametrize("seed", range(20))
def test_centres_and_placements_read_in_bulk_are_the_points_read_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    lines = [f"T{i}  {points_text(rng)}" + rng.choice(["", "  | overflowToLeft=false"]) for i in range(80)]
    spots = read_points("\n".join(lines), "place.txt")
    for line in lines:
        text = line.split(" | ", 1)[0]
        cut = text.find("(")
        if cut > 0 and (name := text[:cut].strip()) in spots:
            assert spots[name].points == _points(text[cut:])


def test_polygon_parts_are_what_the_marker_pattern_finds() -> None:
    outline = read_polygons("A  <(1,2)(3,4)(5,6)> junk <a<(7,8)> < (9,9) (9,9) (9,9) > <(1,1)", "p")["A"]
    assert outline.texts == ("<(1,2)(3,4)(5,6)>", "<a<(7,8)>", "< (9,9) (9,9) (9,9) >")
    assert outline.rings == (((1, 2), (3, 4), (5, 6)), ((7, 8),), ((9, 9), (9, 9), (9, 9)))


@pytest.mark.parametrize("seed", range(10))
def test_three_distinct_points_are_counted_as_a_set_counts_them(seed: int) -> None:
    rng = random.Random(seed)
    rings = []
    for _ in range(300):
        pool = [(rng.randrange(3), rng.randrange(3)) for _ in range(rng.randrange(1, 5))]
        rings.append([rng.choice(pool) for _ in range(rng.choice([0, 1, 2, 3, 4, 5, 9]))])
    coords = np.array([p for ring in rings for p in ring], dtype=float).reshape(-1, 2)
    lengths = np.array([len(ring) for ring in rings], dtype=np.int64)
    assert three_distinct(coords, lengths).tolist() == [len(set(ring)) >= 3 for ring in rings]
