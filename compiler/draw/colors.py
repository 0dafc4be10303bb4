"""Player colours as TripleA picks them (PlayerColors): `color.<Player>=RRGGBB` in map.properties,
else the next of eight default colours, else one made from the player's name."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping

# java.awt.Color RED, MAGENTA, YELLOW, ORANGE, CYAN, GREEN, PINK, GRAY: TripleA's defaults, in order.
DEFAULT_COLORS = ("#ff0000", "#ff00ff", "#ffff00", "#ffc800", "#00ffff", "#00ff00", "#ffafaf", "#808080")
IMPASSABLE = "#deb887"
WATER = "#a9c9e8"
UNOWNED = "#e6dcc0"
_HEX = re.compile(r"#?([0-9a-fA-F]{6})")


def hex_color(text: str | None) -> str | None:
    """`RRGGBB` (or `#RRGGBB`) as `#rrggbb`; None when it is not a colour."""
    match = _HEX.fullmatch((text or "").strip())
    return f"#{match.group(1).lower()}" if match else None


def _from_name(name: str) -> str:
    digest = hashlib.sha1(name.encode("utf-8")).digest()
    return "#" + "".join(f"{64 + b % 160:02x}" for b in digest[:3])


def player_colors(properties: Mapping[str, str], players: Iterable[str]) -> dict[str, str]:
    """Each player's colour (`#rrggbb`), in the order TripleA would hand out the defaults."""
    out: dict[str, str] = {}
    defaults = iter(DEFAULT_COLORS)
    for player in players:
        given = hex_color(properties.get(f"color.{player}"))
        out[player] = given or next(defaults, None) or _from_name(player)
    return out


def neutral_color(properties: Mapping[str, str]) -> str:
    """The colour of land nobody owns: `color.Neutral` when the map gives it."""
    return hex_color(properties.get("color.Neutral")) or UNOWNED


def impassable_color(properties: Mapping[str, str]) -> str:
    """The colour of impassable land: `color.Impassable` (or the old spelling `Impassible`)."""
    return hex_color(properties.get("color.Impassable") or properties.get("color.Impassible")) or IMPASSABLE


def text_color(fill: str) -> str:
    """Black or white, whichever reads better on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"
