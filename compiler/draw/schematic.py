"""The layout of a game without a map: territories placed by a layout of the connection graph
(Kamada-Kawai, which draws a ring of spaces as a ring; spring layout when scipy is missing), land as
hexagons, sea zones as circles. networkx is imported only here, when a schematic is drawn."""

from __future__ import annotations

import math

from compiler.draw.layout import Layout
from compiler.draw.scene import XY
from compiler.model.mapview import MapView

CANVAS = 1000.0
MARGIN = 60.0


def _positions(view: MapView) -> dict[str, XY]:
    import networkx as nx

    territories = list(view.territories)
    graph = view.graph().subgraph(territories)  # connections naming no territory are not drawn
    if len(graph) == 1:
        return {territories[0]: (0.0, 0.0)}
    try:
        raw = nx.kamada_kawai_layout(graph)
    except ImportError:  # Kamada-Kawai needs scipy
        raw = nx.spring_layout(graph, seed=1)
    return {name: (float(raw[name][0]), float(raw[name][1])) for name in territories}


def _ring(center: XY, radius: float, sides: int, turn: float) -> tuple[XY, ...]:
    x, y = center
    return tuple((x + radius * math.cos(turn + 2 * math.pi * k / sides),
                  y + radius * math.sin(turn + 2 * math.pi * k / sides)) for k in range(sides))


def schematic_layout(view: MapView) -> Layout:
    """Every territory as a hexagon (land) or a circle (sea) where the graph layout puts it."""
    territories, water = list(view.territories), view.water
    if not territories:
        return Layout(CANVAS, CANVAS, schematic=True)
    raw = _positions(view)
    xs, ys = [p[0] for p in raw.values()], [p[1] for p in raw.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    factor = (CANVAS - 2 * MARGIN) / span
    points = {n: (MARGIN + (p[0] - min(xs)) * factor, MARGIN + (p[1] - min(ys)) * factor) for n, p in raw.items()}
    nearest = min((math.dist(points[a], points[b]) for i, a in enumerate(territories) for b in territories[i + 1:]),
                  default=CANVAS)
    radius = max(14.0, min(48.0, nearest * 0.42))
    width = MARGIN + (max(xs) - min(xs)) * factor + MARGIN
    height = MARGIN + (max(ys) - min(ys)) * factor + MARGIN
    layout = Layout(width, height, scale=radius, schematic=True)
    for name in territories:
        center = points[name]
        layout.centers[name] = center
        sea = name in water
        layout.rings[name] = (_ring(center, radius, 24 if sea else 6, 0.0 if sea else math.pi / 6),)
        layout.place[name] = [(center[0] - radius * 0.45, center[1] + radius * 0.35),
                              (center[0] + radius * 0.45, center[1] + radius * 0.35)]
    return layout
