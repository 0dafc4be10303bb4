"""The layout of a map folder: polygons.txt outlines, centers.txt centres, place.txt unit spots.

place.txt points are the top-left corners of unit images; a badge is drawn in the middle of that
image. A territory without a centre is drawn at a point inside its polygon.
"""

from __future__ import annotations

from shapely.geometry import Polygon
from shapely.ops import unary_union

from compiler.draw.layout import Layout
from compiler.draw.scene import XY
from compiler.mapfolder.geometry import MapGeometry


def _inside(rings: tuple[tuple[tuple[int, int], ...], ...]) -> XY | None:
    polygons = [Polygon(r).buffer(0) for r in rings if len(set(r)) >= 3]
    area = unary_union([p for p in polygons if p.area > 0]) if polygons else None
    if area is None or area.is_empty:
        return None
    point = area.representative_point()
    return (point.x, point.y)


def map_layout(geometry: MapGeometry) -> Layout:
    """Every territory of the map's polygons.txt, where the map's files put it."""
    width, height = geometry.size
    side = geometry.unit_size
    layout = Layout(float(width), float(height), scale=float(side))
    for name, outline in geometry.polygons.items():
        rings = tuple(tuple((float(x), float(y)) for x, y in ring) for ring in outline.rings if len(ring) >= 3)
        if not rings:
            continue
        layout.rings[name] = rings
        spots = geometry.centers.get(name)
        center = (float(spots.points[0][0]), float(spots.points[0][1])) if spots and spots.points else _inside(
            outline.rings)
        if center is None:
            del layout.rings[name]
            continue
        layout.centers[name] = center
        place = geometry.place.get(name)
        if place and place.points:
            layout.place[name] = [(x + side / 2, y + side / 2) for x, y in place.points]
    return layout
