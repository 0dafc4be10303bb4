"""A chart of one resource per player per round from a save's history, as SVG.

Two measures: `balance`, what each player holds at the end of each round (the save's final amounts
rewound by the history's changes: resource changes, and purchases' costs, as the engine's Board
applies them), and `income`, what each player gained in each round (the sum of the round's positive
resource changes: collection, plunder).

    save = read_save("game.tsvg")
    write_atomic("pus.svg", chart_svg(resource_series(save, "PUs", "balance"), "PUs"))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from compiler.draw.colors import player_colors
from compiler.engine import events as ev
from compiler.fileio import write_atomic
from compiler.safetext import xml_attr, xml_text
from compiler.saves import SaveGame

MEASURES = ("balance", "income")
Series = dict[str, list[tuple[int, int]]]


def resource_series(save: SaveGame, resource: str = "PUs", measure: str = "balance") -> Series:
    """player -> [(round, value)] for every round of the history; `balance` starts with round 0, what
    each player held before the history's first event."""
    if measure not in MEASURES:
        raise ValueError(f"unknown measure {measure!r} (expected one of {', '.join(MEASURES)})")
    players = list(save.state.resources) or sorted({e.player for e in save.events if e.player})
    rounds = sorted({e.round for e in save.events} | {save.state.round})
    gained: dict[int, Counter[str]] = {r: Counter() for r in rounds}
    spent_by: dict[int, Counter[str]] = {r: Counter() for r in rounds}
    for event in save.events:
        change = event.wallet_change().get(resource, 0)
        if event.player and change:
            spent_by[event.round][event.player] += change
            if isinstance(event, ev.ResourceChange) and change > 0:
                gained[event.round][event.player] += change
    total: Counter[str] = Counter()
    for changes in spent_by.values():
        total.update(changes)  # update keeps negative sums, unlike +
    out: Series = {p: [] for p in players}
    if measure == "balance":
        for p in players:
            out[p].append((0, save.state.resources.get(p, {}).get(resource, 0) - total[p]))
    so_far: Counter[str] = Counter()
    for r in rounds:
        so_far.update(spent_by[r])
        for p in players:
            if measure == "income":
                out[p].append((r, gained[r][p]))
            else:
                final = save.state.resources.get(p, {}).get(resource, 0)
                out[p].append((r, final - total[p] + so_far[p]))
    return out


def write_chart(save: SaveGame, out: Path, resource: str = "PUs", measure: str = "balance") -> None:
    """show-save --chart: the chart of `resource` per player per round of `save`, written to `out` (SVG)."""
    write_atomic(out, chart_svg(resource_series(save, resource, measure), f"{resource} ({measure}) per round"))


def chart_svg(series: Mapping[str, list[tuple[int, int]]], title: str,
              colors: Mapping[str, str] | None = None, width: int = 800, height: int = 450) -> str:
    """The series as a line chart: one coloured line per player, rounds across, values up."""
    palette = dict(colors or {}) or player_colors({}, series)
    points = [pt for line in series.values() for pt in line]
    rounds = sorted({r for r, _ in points}) or [1]
    low, high = min([0, *(v for _, v in points)]), max([1, *(v for _, v in points)])
    left, right, top, bottom = 60.0, 170.0, 40.0, 50.0
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(r: int) -> float:
        return left + (plot_w * (r - rounds[0]) / (rounds[-1] - rounds[0]) if len(rounds) > 1 else plot_w / 2)

    def y(v: int) -> float:
        return top + plot_h * (high - v) / (high - low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="triplea-chart" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{left}" y="24" font-size="16">{xml_text(title)}</text>',
             f'<line x1="{left}" y1="{y(low):.1f}" x2="{left + plot_w}" y2="{y(low):.1f}" stroke="#000"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#000"/>']
    for step in range(5):
        v = round(low + (high - low) * step / 4)
        parts.append(f'<text x="{left - 6}" y="{y(v):.1f}" text-anchor="end" dominant-baseline="central">{v}</text>'
                     f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" stroke="#ddd"/>')
    for r in rounds:
        parts.append(f'<text x="{x(r):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{r}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 8}" text-anchor="middle">round</text>')
    for i, (player, line) in enumerate(series.items()):
        color = palette.get(player, "#000000")
        coords = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in line)
        parts.append(f'<g class="series" data-player={xml_attr(player)}>'
                     f'<polyline points="{coords}" fill="none" stroke="{color}" stroke-width="2.5"/>'
                     + "".join(f'<circle cx="{x(r):.1f}" cy="{y(v):.1f}" r="3.5" fill="{color}">'
                               f"<title>{xml_text(player)}, round {r}: {v}</title></circle>" for r, v in line)
                     + f'<rect x="{width - right + 15}" y="{top + 18 * i - 6}" width="12" height="12" fill="{color}"/>'
                     f'<text x="{width - right + 32}" y="{top + 18 * i}" dominant-baseline="central">'
                     f"{xml_text(player)}</text></g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
