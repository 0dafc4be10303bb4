"""The keys of map.properties TripleA 2.x reads (ui/mapdata/MapData, PlayerColors, UnitImageFactory,
ScreenshotExporter; alike in 2.7 and 2026-08), the values each accepts, and what TripleA does with others.

Java reads the values as they stand after the key: trailing blanks are kept. So `Integer.parseInt` refuses
`12 ` (map.width and map.height alone are trimmed first), `Boolean.parseBoolean` reads `true ` as false, and a
colour must be exactly six hex digits (`ColorUtils.fromHexString`: no `#`, no blanks). A bad value either
makes TripleA fail (an exception where it reads it: `fatal`) or is replaced by the default (`fatal` False).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """How TripleA parses a value."""

    INT = "a whole number"  # Integer.parseInt, no blanks
    TRIMMED_INT = "a whole number "  # Integer.parseInt(value.trim())
    DECIMAL = "a decimal number"  # Double/Float.parseFloat (blanks trimmed, a trailing f or d allowed)
    BOOL = "true or false"  # Boolean.parseBoolean: anything but true (any case) is false
    COLOR = "a colour of six hex digits (RRGGBB)"
    BLEND_MODE = "one of NORMAL, OVERLAY, MULTIPLY, DIFFERENCE, LINEAR_LIGHT"
    NAMES = "names separated by commas"  # split(","): blanks are part of the names
    UNREAD = "anything"  # a key TripleA knows but does not read while playing


@dataclass(frozen=True)
class KeySpec:
    """One key: how its value is read, what a bad value does, and the range TripleA accepts."""

    kind: Kind
    fatal: bool = False  # a bad value throws (TripleA fails); else TripleA uses the default
    effect: str = ""  # what TripleA does with a bad value
    low: float | None = None
    high: float | None = None
    range_effect: str = ""  # what TripleA does with a value out of [low, high]


_START = "TripleA cannot open the game (it fails building the map window)"
_SMALL_MAP = "TripleA fails drawing the small map"
_BLENDS = "TripleA fails when a player turns on 'Show Map Blends'"
_SCREENSHOT = "TripleA's screenshot export fails"
_FALSE = "TripleA reads it as false"

KEYS: dict[str, KeySpec] = {
    "map.width": KeySpec(Kind.TRIMMED_INT, True, _START, 1, None, _START),
    "map.height": KeySpec(Kind.TRIMMED_INT, True, _START, 1, None, _START),
    "units.scale": KeySpec(Kind.DECIMAL, False, "TripleA logs an error and scales units by 1.0"),
    "units.width": KeySpec(Kind.INT, False, "TripleA logs an error and uses 48"),
    "units.height": KeySpec(Kind.INT, False, "TripleA logs an error and uses 48"),
    "units.counter.offset.width": KeySpec(Kind.INT, False,
                                          "TripleA logs an error and uses a quarter of the unit width"),
    "units.counter.offset.height": KeySpec(Kind.INT, False, "TripleA logs an error and uses the unit height"),
    "units.stack.size": KeySpec(Kind.INT, True, "TripleA fails drawing the units on the map"),
    "map.cursor.hotspot.x": KeySpec(Kind.INT, True, _START, 0, 256, "TripleA clamps it to 0..256"),
    "map.cursor.hotspot.y": KeySpec(Kind.INT, True, _START, 0, 256, "TripleA clamps it to 0..256"),
    "map.mapBlendMode": KeySpec(Kind.BLEND_MODE, False, _BLENDS),
    "map.mapBlendAlpha": KeySpec(Kind.DECIMAL, False, _BLENDS, 0, 1, _BLENDS),
    "smallMap.territory.saturation": KeySpec(Kind.DECIMAL, True, _SMALL_MAP),
    "smallMap.unit.size": KeySpec(Kind.INT, True, _SMALL_MAP),
    "smallMap.viewer.borderColor": KeySpec(Kind.COLOR, True, _SMALL_MAP),
    "smallMap.viewer.fillColor": KeySpec(Kind.COLOR, True, _SMALL_MAP),
    "smallMap.viewer.fillAlpha": KeySpec(Kind.DECIMAL, True, _SMALL_MAP),
    "screenshot.title.enabled": KeySpec(Kind.BOOL, False, _FALSE),
    "screenshot.title.x": KeySpec(Kind.INT, False, "TripleA's screenshots place the title at 15,15 in 15 pt"),
    "screenshot.title.y": KeySpec(Kind.INT, False, "TripleA's screenshots place the title at 15,15 in 15 pt"),
    "screenshot.title.font.size": KeySpec(Kind.INT, False, "TripleA's screenshots place the title at 15,15 in 15 pt"),
    "screenshot.title.color": KeySpec(Kind.COLOR, False, _SCREENSHOT),
    "dont_draw_territory_names": KeySpec(Kind.NAMES),
    "dont_draw_units": KeySpec(Kind.NAMES),
    "units.transform.ignore": KeySpec(Kind.NAMES),
    "map.mapBlends": KeySpec(Kind.UNREAD),  # written by the map creator; the game reads only the menu's choice
    "color.Impassable": KeySpec(Kind.COLOR, True, "TripleA fails drawing impassable territories"),
    "color.Impassible": KeySpec(Kind.COLOR, True, "TripleA fails drawing impassable territories"),
}
for _flag in ("map.scrollWrapX", "map.scrollWrapY", "map.hasRelief", "map.showCapitolMarkers",
              "map.useTerritoryEffectMarkers", "map.showTerritoryNames", "map.showResources", "map.showComments",
              "map.showSeaZoneNames", "map.drawNamesFromTopLeft", "map.useNation_convoyFlags"):
    KEYS[_flag] = KeySpec(Kind.BOOL, False, _FALSE)

# Keys followed by a player's name.
PLAYER_KEYS: dict[str, KeySpec] = {
    "color.": KeySpec(Kind.COLOR, True, "TripleA fails drawing this player's territories and units"),
    "units.transform.color.": KeySpec(Kind.COLOR, True, "TripleA fails drawing this player's units"),
    "units.transform.brightness.": KeySpec(Kind.INT, True, "TripleA fails drawing this player's units", -100, 100,
                                           "TripleA fails drawing this player's units"),
    "units.transform.flip.": KeySpec(Kind.BOOL, False, _FALSE),
}

# Keys old maps carry that no TripleA 2.x reads (nor 1.9): harmless, never reported as misspellings.
LEGACY_PREFIXES = ("screenshot.stats.",)
LEGACY_KEYS = frozenset({"smallMap.territory.alpha", "map.showConvoyNames", "map.showRelief"})

_INT = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(NaN|Infinity|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[fFdD]?)")
_HEX6 = re.compile(r"[0-9A-Fa-f]{6}")
_JAVA_BLANKS = "".join(chr(c) for c in range(33))  # String.trim() drops every char <= ' '
BLEND_MODES = ("NORMAL", "OVERLAY", "MULTIPLY", "DIFFERENCE", "LINEAR_LIGHT")


def _java_int(text: str) -> int | None:
    if not _INT.fullmatch(text):
        return None
    value = int(text)
    return value if -(2**31) <= value < 2**31 else None


def parse(kind: Kind, value: str) -> float | bool | str | None:
    """The value as TripleA reads it, or None when TripleA cannot read it (or, for a flag, silently
    reads something other than what was written: 'yes', 'true ')."""
    if kind is Kind.INT:
        return _java_int(value)
    if kind is Kind.TRIMMED_INT:
        return _java_int(value.strip(_JAVA_BLANKS))
    if kind is Kind.DECIMAL:
        text = value.strip(_JAVA_BLANKS)
        return float(text.rstrip("fFdD")) if _DECIMAL.fullmatch(text) else None
    if kind is Kind.BOOL:
        return value.lower() == "true" if value.lower() in ("true", "false") else None
    if kind is Kind.COLOR:
        return value if _HEX6.fullmatch(value) else None
    if kind is Kind.BLEND_MODE:
        return value.upper() if value.upper() in BLEND_MODES else None
    return value


def spec_of(key: str, players: set[str]) -> tuple[KeySpec, str] | None:
    """The spec of `key` and the player it is about ('' for a map-wide key), or None when TripleA does not
    read `key` for a game of `players`."""
    if key in KEYS:
        return KEYS[key], ""
    for prefix, spec in PLAYER_KEYS.items():
        if key.startswith(prefix) and key[len(prefix):] in players:
            return spec, key[len(prefix):]
    return None


def is_legacy(key: str) -> bool:
    return key in LEGACY_KEYS or key.startswith(LEGACY_PREFIXES)
