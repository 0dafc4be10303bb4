"""The names in the map's point files (polygons.txt, centers.txt, vc.txt ...), read once per map (the games of a
map folder share them), and the lines TripleA cannot read."""

from __future__ import annotations

from compiler.checks.context import CheckContext
from compiler.mapfolder.texts import POINT_FILES, SYNTAX, NamedLine, read_names
from compiler.problems import Location, Problem, Severity

MapNames = tuple[dict[str, list[NamedLine]], list[Problem]]
_RECENT: dict[tuple[tuple[str, str, str, bool], ...], MapNames] = {}
_KEEP = 4  # maps kept: the games of one map folder are checked one after another


def map_names(ctx: CheckContext) -> MapNames:
    """file name -> names it lists (only files the map has), and the lines that could not be read."""
    cached = ctx.__dict__.get("_map_names")
    if cached is None:
        entries: tuple[tuple[str, str, str, bool], ...] = ()
        files = ctx.map_files
        if files is not None and files.is_map:
            entries = tuple((file, *entry, file in files.not_utf8) for file in POINT_FILES
                            if (entry := files.get(file)) is not None)
        cached = _RECENT.get(entries)
        if cached is None:
            cached = _read(entries)
            if len(_RECENT) >= _KEEP:
                del _RECENT[next(iter(_RECENT))]
            _RECENT[entries] = cached
        ctx.__dict__["_map_names"] = cached
    return cached


def _read(entries: tuple[tuple[str, str, str, bool], ...]) -> MapNames:
    """The names of each of the map's files (file name, display path, text, not UTF-8), and the unreadable
    lines."""
    names: dict[str, list[NamedLine]] = {}
    problems: list[Problem] = []
    for file, path, text, not_utf8 in entries:
        found, bad = read_names(text, path, POINT_FILES[file].shape)
        names[file] = found
        problems.extend(bad)
        if not_utf8:
            problems.append(_not_utf8(path, text))
        elif text.startswith("\ufeff"):
            problems.append(Problem(SYNTAX, "the file starts with a byte-order mark, which TripleA reads as part of "
                                            "the first name: that line matches no territory (save the file as UTF-8 "
                                            "without BOM)", Location(path, 1, 1), Severity.WARNING))
    return names, problems


def _not_utf8(path: str, text: str) -> Problem:
    """The error for a point file UTF-8 cannot decode (`text` holds its bytes, read as Latin-1), at the
    line of its first undecodable byte."""
    data = text.encode("latin-1")
    try:
        data.decode("utf-8")
        at = 0
    except UnicodeDecodeError as exc:
        at = exc.start
    line = data[:at].count(b"\n") + 1
    return Problem(SYNTAX, "not UTF-8 (a byte here is no UTF-8 character): TripleA cannot read this file and the map "
                           "does not open; save it as UTF-8", Location(path, line, 1), Severity.ERROR)
