"""A scene as SVG text: one group per territory (data-territory, data-owner), unit badges, signs,
canal and strait lines, and numbered problem marks (linked to `#problem-N` in the HTML report)."""

from __future__ import annotations

from compiler.draw import shapes
from compiler.draw.colors import text_color
from compiler.draw.scene import XY, Scene
from compiler.safetext import xml_attr, xml_text

STYLE = """
.territory path { stroke: #333333; stroke-width: 1; fill-rule: evenodd; }
.territory.sea path { stroke: #6f95ba; }
.link { stroke-width: 4; stroke-dasharray: 10 6; fill: none; }
.badge text, .mark text, .label { font-family: sans-serif; text-anchor: middle; dominant-baseline: central; }
.mark circle { stroke: #000000; }
"""


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _path(ring: tuple[XY, ...]) -> str:
    return "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in ring) + " Z"


def _points(points: list[XY]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _territories(scene: Scene) -> list[str]:
    out = ['<g class="territories">']
    for area in scene.areas:
        kind = "sea" if area.water else "land"
        owner = f" data-owner={xml_attr(area.owner)}" if area.owner else ""
        tip = f"{area.name} ({area.owner})" if area.owner else area.name
        out.append(f'<g class="territory {kind}" data-territory={xml_attr(area.name)}{owner} '
                   f'fill="{area.fill}"><title>{xml_text(tip)}</title>')
        out += [f'<path d="{_path(ring)}"/>' for ring in area.rings]
        out.append("</g>")
    out.append("</g>")
    return out


def _links(scene: Scene, connections: bool) -> list[str]:
    out = [f'<g class="{"connections" if connections else "links"}">']
    for link in scene.links:
        if (link.kind == "connection") != connections:
            continue
        color = shapes.LINK_COLORS.get(link.kind, "#000000")
        style = ' style="stroke-dasharray:none;stroke-width:1.5"' if link.kind == "connection" else ""
        title = f"<title>{xml_text(link.label)}</title>" if link.label else ""
        out.append(f'<line class="link {link.kind}" data-ends={xml_attr(" | ".join(link.ends))} '
                   f'x1="{_n(link.a[0])}" y1="{_n(link.a[1])}" x2="{_n(link.b[0])}" y2="{_n(link.b[1])}" '
                   f'stroke="{color}"{style}>{title}</line>')
    out.append("</g>")
    return out


def _labels(scene: Scene) -> list[str]:
    if not scene.labels:
        return []
    size = _n(max(9.0, scene.scale * 0.3))
    out = ['<g class="labels">']
    for area in scene.areas:
        x, y = area.center
        out.append(f'<text class="label" x="{_n(x)}" y="{_n(y - scene.scale * 0.6)}" font-size="{size}" '
                   f'fill="{text_color(area.fill)}">{xml_text(area.name)}</text>')
    out.append("</g>")
    return out


def _signs(scene: Scene) -> list[str]:
    r = shapes.sign_radius(scene)
    out = ['<g class="signs">']
    for sign in scene.signs:
        tip = f"<title>{xml_text(sign.kind)}: {xml_text(sign.territory)}</title>"
        if sign.kind == "capital":
            out.append(f'<polygon class="capital" data-territory={xml_attr(sign.territory)} '
                       f'points="{_points(shapes.star(sign.at, r))}" fill="{sign.fill}" stroke="#000000" '
                       f'stroke-width="{_n(r / 8)}">{tip}</polygon>')
        else:
            out.append(f'<circle class="victory" data-territory={xml_attr(sign.territory)} cx="{_n(sign.at[0])}" '
                       f'cy="{_n(sign.at[1])}" r="{_n(r * 1.25)}" fill="none" stroke="#000000" '
                       f'stroke-width="{_n(r / 4)}">{tip}</circle>')
    out.append("</g>")
    return out


def _badges(scene: Scene) -> list[str]:
    r = shapes.badge_radius(scene)
    out = ['<g class="units">']
    for badge in scene.badges:
        x, y = badge.at
        out.append(f'<g class="badge" data-territory={xml_attr(badge.territory)} data-owner={xml_attr(badge.owner)} '
                   f'data-count="{badge.count}"><title>{xml_text(badge.owner)}: {xml_text(badge.detail)}</title>'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{badge.fill}" stroke="#000000"/>'
                   f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(r * 1.1)}" '
                   f'fill="{text_color(badge.fill)}">{badge.count}</text></g>')
    out.append("</g>")
    return out


def _marks(scene: Scene, linked: str | None) -> list[str]:
    r = shapes.mark_radius(scene)
    out = ['<g class="problems">']
    for mark in scene.marks:
        p = mark.problem
        color = shapes.mark_color(p.severity)
        x, y = mark.at
        prefix = linked or ""
        open_, close = (f'<a href="#{prefix}problem-{mark.number}">', "</a>") if linked is not None else ("", "")
        out.append(f'<g class="mark {p.severity}" id="{prefix}mark-{mark.number}" data-number="{mark.number}" '
                   f'data-territory={xml_attr(mark.territory)} data-code={xml_attr(p.code)}>{open_}'
                   f'<title>{xml_text(f"{p.severity}: {p.text} [{p.code}]")}</title>'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{color}" stroke-width="{_n(r / 6)}"/>'
                   f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(r * 1.1)}" font-weight="bold" '
                   f'fill="#ffffff">{mark.number}</text>{close}</g>')
    out.append("</g>")
    return out


def _legend(scene: Scene) -> list[str]:
    size, rows = shapes.legend_rows(scene)
    out = ['<g class="legend">']
    if rows:
        longest = max(len(p) for p, _, _ in rows)
        out.append(f'<rect x="{_n(size / 2)}" y="{_n(size / 2)}" width="{_n(size * (3 + 0.62 * longest))}" '
                   f'height="{_n(size * (1.5 * len(rows) + 0.5))}" fill="#ffffff" fill-opacity="0.8"/>')
    for player, color, (x, y) in rows:
        out.append(f'<g class="legend-entry" data-player={xml_attr(player)} data-color="{color}">'
                   f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" '
                   f'fill="{color}" stroke="#000000"/><text class="label" x="{_n(x + size * 1.4)}" '
                   f'y="{_n(y + size / 2)}" font-size="{_n(size)}" style="text-anchor:start">'
                   f"{xml_text(player)}</text></g>")
    out.append("</g>")
    return out


def render_svg(scene: Scene, *, linked: str | None = None, max_width: float | None = None) -> str:
    """The scene as a standalone SVG document. With `linked` (an id prefix, may be ""), problem mark N
    gets the id `<prefix>mark-N` and links to `#<prefix>problem-N` (the HTML report's list);
    `max_width` sets the displayed width (the viewBox keeps map pixels)."""
    width, height = scene.width, scene.height
    shown_w = min(width, max_width) if max_width else width
    shown_h = height * shown_w / width if width else height
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="triplea-map" viewBox="0 0 {_n(width)} {_n(height)}" '
             f'width="{_n(shown_w)}" height="{_n(shown_h)}">',
             f"<title>{xml_text(scene.title)}</title>", f"<style>{STYLE}</style>",
             f'<rect class="background" width="{_n(width)}" height="{_n(height)}" fill="#f4f1ea"/>',
             *_links(scene, True), *_territories(scene), *_links(scene, False), *_labels(scene),
             *_signs(scene), *_badges(scene), *_legend(scene), *_marks(scene, linked), "</svg>"]
    return "\n".join(parts) + "\n"
