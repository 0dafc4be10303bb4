"""Sizes and small shapes the renderers share, so SVG and PNG draw the same picture."""

from __future__ import annotations

import math

from compiler.draw.scene import XY, Scene
from compiler.problems import Severity

MARK_COLORS = {Severity.ERROR: "#d7191c", Severity.WARNING: "#f07f00"}
LINK_COLORS = {"canal": "#6a00b8", "strait": "#d4006a", "connection": "#7a7a7a"}


def mark_color(severity: Severity) -> str:
    return MARK_COLORS.get(severity, MARK_COLORS[Severity.ERROR])


def mark_radius(scene: Scene) -> float:
    """Problem marks stay visible when a large map is shown small: at least 1/110 of its width."""
    return max(scene.scale * (0.45 if scene.labels else 0.35), scene.width / 110)


def badge_radius(scene: Scene) -> float:
    return scene.scale * 0.3


def sign_radius(scene: Scene) -> float:
    return scene.scale * 0.32


def star(center: XY, radius: float) -> list[XY]:
    """The ten corners of a five-pointed star."""
    x, y = center
    return [(x + (radius if k % 2 == 0 else radius * 0.45) * math.sin(math.pi * k / 5),
             y - (radius if k % 2 == 0 else radius * 0.45) * math.cos(math.pi * k / 5)) for k in range(10)]


def legend_rows(scene: Scene) -> tuple[float, list[tuple[str, str, XY]]]:
    """The legend's text size and, per player, its name, colour and the top-left of its swatch."""
    size = max(12.0, scene.width / 90)
    return size, [(p, color, (size, size * (1 + 1.5 * i))) for i, (p, color) in enumerate(scene.legend.items())]
