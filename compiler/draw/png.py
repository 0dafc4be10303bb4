"""A scene as a PNG image (Pillow), the same picture as the SVG, scaled to a chosen width."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from compiler.draw import shapes
from compiler.draw.colors import text_color
from compiler.draw.scene import XY, Scene

DEFAULT_WIDTH = 2000


def _font(size: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=max(6.0, size))


def render_png(scene: Scene, width: int | None = DEFAULT_WIDTH) -> bytes:
    """The scene as PNG bytes, `width` pixels wide (None: one pixel per map pixel)."""
    f = (width / scene.width) if width and scene.width else 1.0
    size = (max(1, round(scene.width * f)), max(1, round(scene.height * f)))
    image = Image.new("RGB", size, "#f4f1ea")
    draw = ImageDraw.Draw(image)

    def pt(p: XY) -> tuple[float, float]:
        return (p[0] * f, p[1] * f)

    def disc(center: XY, radius: float, fill: str, outline: str, line: int = 1) -> None:
        x, y = pt(center)
        r = radius * f
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=line)

    def label(center: XY, text: str, height: float, fill: str) -> None:
        draw.text(pt(center), text, fill=fill, font=_font(height * f), anchor="mm")

    for link in scene.links:
        if link.kind == "connection":
            draw.line([pt(link.a), pt(link.b)], fill=shapes.LINK_COLORS["connection"], width=1)
    for area in scene.areas:
        edge = "#6f95ba" if area.water else "#333333"
        for ring in area.rings:
            draw.polygon([pt(p) for p in ring], fill=area.fill, outline=edge)
    for link in scene.links:
        if link.kind != "connection":
            draw.line([pt(link.a), pt(link.b)], fill=shapes.LINK_COLORS.get(link.kind, "#000000"),
                      width=max(2, round(4 * f * scene.scale / 48)))
    if scene.labels:
        for area in scene.areas:
            x, y = area.center
            label((x, y - scene.scale * 0.6), area.name, max(9.0, scene.scale * 0.3), text_color(area.fill))
    r = shapes.sign_radius(scene)
    for sign in scene.signs:
        if sign.kind == "capital":
            draw.polygon([pt(p) for p in shapes.star(sign.at, r)], fill=sign.fill, outline="#000000")
        else:
            x, y = pt(sign.at)
            rr = r * 1.25 * f
            draw.ellipse((x - rr, y - rr, x + rr, y + rr), outline="#000000", width=max(1, round(r * f / 4)))
    r = shapes.badge_radius(scene)
    for badge in scene.badges:
        disc(badge.at, r, badge.fill, "#000000")
        label(badge.at, str(badge.count), r * 1.1, text_color(badge.fill))
    r = shapes.mark_radius(scene)
    for mark in scene.marks:
        disc(mark.at, r, shapes.mark_color(mark.problem.severity), "#000000", max(1, round(r * f / 6)))
        label(mark.at, str(mark.number), r * 1.1, "#ffffff")
    size_, rows = shapes.legend_rows(scene)
    if rows:
        longest = max(len(p) for p, _, _ in rows)
        draw.rectangle((size_ / 2 * f, size_ / 2 * f, size_ * (3.5 + 0.62 * longest) * f,
                        size_ * (1.5 * len(rows) + 1) * f), fill="#ffffff")
    for player, color, (x, y) in rows:
        draw.rectangle((x * f, y * f, (x + size_) * f, (y + size_) * f), fill=color, outline="#000000")
        draw.text(((x + size_ * 1.4) * f, (y + size_ / 2) * f), player, fill="#000000", font=_font(size_ * f),
                  anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
