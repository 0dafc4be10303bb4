"""The map's base tiles cover the map's size, and no tile lies beyond it.

TripleA 2.x (TileManager, TileImageFactory) cuts the map into squares of 256 pixels, as many as
map.properties' `map.width` and `map.height` need, and draws square (x, y) from `baseTiles/x_y.png`
(x counting columns from 0, y rows), and over it `reliefTiles/x_y.png` when `map.hasRelief` is not false
(relief tiles are opaque: a map may draw a square with its relief tile alone). A square with neither is painted
black (Tile.draw clears it so). Tiles beyond the size are never drawn (the size is then likely too small).
Names are matched exactly, as Linux and macOS do.

Failing (map.width=1000, map.height=600: 4 x 3 tiles)::

    baseTiles/0_0.png ... baseTiles/3_1.png   (no baseTiles/0_2.png ... baseTiles/3_2.png)

Passing::

    baseTiles/0_0.png ... baseTiles/3_2.png

How to fix: cut the missing squares with TripleA's map creator (tile image breaker), or correct `map.width` and
`map.height` in map.properties to the map's real size.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks._map_folder import MAP_PROPERTIES, image_index, map_properties_loc, properties, said
from compiler.checks.context import CheckContext
from compiler.mapfolder.file_index import FileIndex
from compiler.mapfolder.map_properties import Kind, parse
from compiler.problems import Problem, Severity

ID = "missing-tile"
SEVERITY = Severity.WARNING
TILE_SIZE = 256
TILE_NAME = re.compile(r"(\d+)_(\d+)\.png")
MAX_NAMED = 4


def map_size(ctx: CheckContext) -> tuple[int, int] | None:
    """map.width and map.height as TripleA reads them, or None when either is missing or unreadable."""
    found = properties(ctx, MAP_PROPERTIES)
    if found is None:
        return None
    size = []
    for key in ("map.width", "map.height"):
        entry = found.entries.get(key)
        value = parse(Kind.TRIMMED_INT, entry.value) if entry else None
        if not isinstance(value, int) or value <= 0:
            return None
        size.append(value)
    return size[0], size[1]


def _relief_on(ctx: CheckContext) -> bool:
    """map.hasRelief as TripleA reads it (true unless the key says otherwise)."""
    found = properties(ctx, MAP_PROPERTIES)
    entry = found.entries.get("map.hasRelief") if found else None
    return entry is None or entry.value.lower() == "true"


def _named(names: list[str]) -> str:
    more = f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else ""
    return ", ".join(names[:MAX_NAMED]) + more


def _beyond(index: FileIndex, folder: str, columns: int, rows: int) -> list[str]:
    out = []
    for path in index.under(folder):
        m = TILE_NAME.fullmatch(path[len(folder) + 1:])
        if m and (int(m[1]) >= columns or int(m[2]) >= rows):
            out.append(path)
    return sorted(out, key=lambda p: [int(n) for n in re.findall(r"\d+", p)])


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = image_index(ctx)
    size = map_size(ctx) if index is not None else None
    if index is None or size is None:
        return
    width, height = size
    columns, rows = -(-width // TILE_SIZE), -(-height // TILE_SIZE)
    loc = map_properties_loc(ctx, "map.width")
    grid = f"map.width={width} and map.height={height} need {columns} x {rows} tiles of {TILE_SIZE} pixels"
    relief = _relief_on(ctx)
    if not index.under("baseTiles") and not (relief and index.under("reliefTiles")):
        unused = (" and map.hasRelief=false turns off its reliefTiles/" if index.under("reliefTiles") else "")
        yield Problem(ID, f"the map has no baseTiles/ folder{said('baseTiles/0_0.png', index)}{unused} ({grid}): "
                      "TripleA draws no map image, only territory colours", loc, SEVERITY)
        return
    missing = [f"baseTiles/{x}_{y}.png" for y in range(rows) for x in range(columns)
               if not index.has(f"baseTiles/{x}_{y}.png")
               and not (relief and index.has(f"reliefTiles/{x}_{y}.png"))]
    if missing:
        hint = next((h for m in missing if (h := said(m, index))), "")
        either = " (they have no relief tile either)" if relief else ""
        yield Problem(ID, f"{len(missing)} of the base tiles are missing: {_named(missing)} ({grid}){hint}: "
                      f"TripleA paints those squares black{either}", loc, SEVERITY)
    for folder in ("baseTiles", "reliefTiles"):
        beyond = _beyond(index, folder, columns, rows)
        if beyond:
            yield Problem(ID, f"{len(beyond)} tiles of {folder}/ lie beyond the map's size: {_named(beyond)} "
                          f"({grid}): TripleA never draws them (is the size in {MAP_PROPERTIES} too small?)",
                          loc, SEVERITY)
