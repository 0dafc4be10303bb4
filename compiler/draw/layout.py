"""Where each territory is drawn: its outline, its centre and its unit placement points."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.draw.scene import XY


@dataclass
class Layout:
    """The territories' places in one picture (map pixels), from a map's polygons or a graph layout."""

    width: float
    height: float
    rings: dict[str, tuple[tuple[XY, ...], ...]] = field(default_factory=dict)
    centers: dict[str, XY] = field(default_factory=dict)
    place: dict[str, list[XY]] = field(default_factory=dict)
    scale: float = 1.0
    """the size of a sign or a badge (a unit image's side on a map, else the territory's radius)"""
    schematic: bool = False
    """drawn from the connection graph: connections and names are drawn too"""

    def spots(self, territory: str, count: int) -> list[XY]:
        """`count` points to draw badges at: the placement points, then further ones beside the last."""
        points = list(self.place.get(territory) or [self.centers[territory]])
        while len(points) < count:
            x, y = points[-1]
            points.append((x + self.scale * 0.9, y))
        return points[:count]
