"""What the map-folder checks share: the folder's file index and its parsed .properties files, each
built once per map folder (the games of a folder share them), and where to point a finding."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.checks.context import CheckContext
from compiler.mapfolder.file_index import FileIndex, index_of
from compiler.mapfolder.properties_file import PropertyEntry, read_properties
from compiler.problems import Location

MAP_PROPERTIES = "map.properties"


@dataclass(frozen=True)
class PropertiesFile:
    """A parsed .properties file of the map: its display path and its entries."""

    path: str
    entries: dict[str, PropertyEntry]

    def loc(self, key: str) -> Location:
        entry = self.entries.get(key)
        return Location(self.path, entry.line if entry else 1, 1)


_PARSED: dict[tuple[str, int, str], PropertiesFile | None] = {}


def judged(ctx: CheckContext) -> bool:
    """Whether the map-folder checks judge `ctx`: a game with its map folder, for TripleA 2.x (whose loaders
    these checks follow)."""
    return ctx.engine == "2.x" and ctx.map_files is not None and ctx.map_files.is_map


def folder_index(ctx: CheckContext) -> FileIndex | None:
    """The index of the map folder of `ctx`, or None when the game was given without its map (or for 1.9)."""
    files = ctx.map_files
    if files is None or not judged(ctx):
        return None
    return index_of(files.root, files.reading)


def image_index(ctx: CheckContext) -> FileIndex | None:
    """The index of the map folder of `ctx` when it can judge images: None without a map folder, or when
    the folder (and its listing) holds no image at all, as a copy of a map's text files does."""
    index = folder_index(ctx)
    return index if index is not None and index.has_images else None


def properties(ctx: CheckContext, name: str) -> PropertiesFile | None:
    """The map's .properties file `name` (map.properties, politicstext.properties ...), parsed once per
    map folder; None when the map has none (or the game was given without its map)."""
    files = ctx.map_files
    if files is None or not files.is_map:
        return None
    key = (files.root, files.reading, name)
    if key not in _PARSED:
        for old in [k for k in _PARSED if k[0] == files.root and k[1] != files.reading]:
            del _PARSED[old]
        found = files.get(name)
        _PARSED[key] = PropertiesFile(found[0], read_properties(found[1])) if found else None
    return _PARSED[key]


def map_properties_loc(ctx: CheckContext, key: str = "") -> Location:
    """Where a finding about the map folder points: the line of `key` in map.properties (its first line
    when the key is absent), or the map folder itself when it has no map.properties."""
    found = properties(ctx, MAP_PROPERTIES)
    if found is not None:
        return found.loc(key)
    files = ctx.map_files
    return Location(files.root if files is not None else ctx.path, 1, 1)


def said(path: str, index: FileIndex) -> str:
    """' (only X exists: Linux and macOS do not find it)' when `path` exists in another case, else ''."""
    variants = index.case_variants(path)
    if not variants:
        return ""
    return f" (only '{variants[0]}' exists, which differs in case: found on Windows, not on Linux or macOS)"
