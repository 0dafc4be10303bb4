"""The names in the map's point and polygon files, read once per map (the games of a map folder share them)."""

from __future__ import annotations

from compiler.checks.context import CheckContext
from compiler.mapfolder.texts import POINT_FILES, NamedLine, read_names
from compiler.problems import Problem

MapNames = tuple[dict[str, list[NamedLine]], list[Problem]]
_RECENT: dict[tuple[tuple[str, str, str], ...], MapNames] = {}
_KEEP = 4  # maps kept: the games of one map folder are checked one after another


def map_names(ctx: CheckContext) -> MapNames:
    """file name -> names it lists (only files the map has), and the lines that could not be read."""
    cached = ctx.__dict__.get("_map_names")
    if cached is None:
        entries: tuple[tuple[str, str, str], ...] = ()
        if ctx.map_files is not None and ctx.map_files.is_map:
            entries = tuple((file, *entry) for file in POINT_FILES if (entry := ctx.map_files.get(file)) is not None)
        cached = _RECENT.get(entries)
        if cached is None:
            cached = _read(entries)
            if len(_RECENT) >= _KEEP:
                del _RECENT[next(iter(_RECENT))]
            _RECENT[entries] = cached
        ctx.__dict__["_map_names"] = cached
    return cached


def _read(entries: tuple[tuple[str, str, str], ...]) -> MapNames:
    """The names of each of the map's files (file name, display path, text), and the unreadable lines."""
    names: dict[str, list[NamedLine]] = {}
    problems: list[Problem] = []
    for file, path, text in entries:
        found, bad = read_names(text, path, POINT_FILES[file])
        names[file] = found
        problems.extend(bad)
    return names, problems
