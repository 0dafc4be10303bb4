"""The names in the map's point and polygon files, read once per check context."""

from __future__ import annotations

from compiler.checks.context import CheckContext
from compiler.mapfolder.texts import POINT_FILES, NamedLine, read_names
from compiler.problems import Problem


def map_names(ctx: CheckContext) -> tuple[dict[str, list[NamedLine]], list[Problem]]:
    """file name -> names it lists (only files the map has), and the lines that could not be read."""
    cached = ctx.__dict__.get("_map_names")
    if cached is None:
        names: dict[str, list[NamedLine]] = {}
        problems: list[Problem] = []
        if ctx.map_files is not None and ctx.map_files.is_map:
            for file, stop in POINT_FILES.items():
                entry = ctx.map_files.get(file)
                if entry is not None:
                    found, bad = read_names(entry[1], entry[0], stop)
                    names[file] = found
                    problems.extend(bad)
        cached = ctx.__dict__["_map_names"] = (names, problems)
    return cached
