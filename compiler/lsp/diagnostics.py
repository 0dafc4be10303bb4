"""Diagnostics: the validator's problems of a game XML and of its map folder's files, as LSP diagnostics."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from lsprotocol import types as lsp

from compiler.lsp.documents import Documents, map_dir_of, uri_of
from compiler.lsp.textpos import position, token_range
from compiler.problems import Problem, Severity

SOURCE = "triplea-compiler"
DOCS = "https://github.com/triplea-compiler/triplea-compiler/blob/main/docs/rules/{}.md"
_SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error, Severity.WARNING: lsp.DiagnosticSeverity.Warning}


ENGINE_KEPT = 5.0  # seconds a file's engine is remembered (its configuration may change)
_engines: dict[str, tuple[str, float]] = {}


def engine_for(path: str) -> str:
    """The engine a game is checked for: its configuration's (.triplea-compiler.yaml), else 2.x."""
    from compiler.config import DEFAULT_ENGINE, ConfigFinder

    known = _engines.get(path)
    if known is not None and time.monotonic() - known[1] < ENGINE_KEPT:
        return known[0]
    try:
        engine = ConfigFinder(None).for_file(path).engine or DEFAULT_ENGINE
    except Exception as exc:  # an invalid configuration: `validate` reports it; the server says so in its log
        logging.getLogger(__name__).warning("%s: configuration not used (%s): checking for %s", path, exc,
                                            DEFAULT_ENGINE)
        engine = DEFAULT_ENGINE
    _engines[path] = (engine, time.monotonic())
    return engine


def check_game(docs: Documents, path: str) -> list[Problem]:
    """Every problem of the game XML `path` (its buffer when open) and of its map folder's files."""
    from compiler.validate import validate_input

    problems, _ = validate_input(docs.game_input(path), engine_for(path))
    return problems


def games_of_map_file(docs: Documents, path: str) -> list[str]:
    """The game XMLs whose validation reports on the map file `path`: the open ones of its map, else all of
    its games."""
    map_dir = map_dir_of(path)
    if map_dir is None:
        return []
    games = sorted(str(p) for p in (map_dir / "games").glob("*.xml"))
    opened = [g for g in games if docs.is_open(g)]
    return opened or games


def check_paths(docs: Documents, games: Iterable[str]) -> dict[str, list[Problem]]:
    """The problems of `games`, by the file each is located in, each once."""
    by_path: dict[str, list[Problem]] = {}
    seen: set[tuple[str, str, object]] = set()
    for game in games:
        by_path.setdefault(game, [])
        for p in check_game(docs, game):
            key = (p.code, p.message, p.location)
            if key not in seen:
                seen.add(key)
                by_path.setdefault(p.location.path or game, []).append(p)
    return by_path


def href_of(code: str) -> str | None:
    """The docs page of the check `code`, if it has one."""
    from compiler.checks.registry import CHECKS

    return DOCS.format(code) if code in CHECKS else None


_QUOTED = re.compile(r"'([^']+)'")


def problem_range(p: Problem, lines: list[str]) -> lsp.Range:
    """The range of a problem: the name its message quotes when that name is written at its column (names may
    hold blanks), else the token there."""
    line, column = p.location.line, p.location.column
    if 0 < line <= len(lines) and column > 0:
        text = lines[line - 1]
        for name in _QUOTED.findall(p.message):
            if text.startswith(name, column - 1):
                return lsp.Range(start=position(lines, line - 1, column - 1),
                                 end=position(lines, line - 1, column - 1 + len(name)))
    return token_range(lines, line, column)


def to_diagnostic(p: Problem, lines: list[str], lines_of: Callable[[str], list[str]]) -> lsp.Diagnostic:
    """The diagnostic of a problem of a file with `lines`; `lines_of(path)` gives another file's lines (for the
    related locations)."""
    href = href_of(p.code)
    related = [lsp.DiagnosticRelatedInformation(
        location=lsp.Location(uri=uri_of(loc.path), range=token_range(lines_of(loc.path), loc.line, loc.column)),
        message="related") for loc in p.related if loc.path]
    return lsp.Diagnostic(
        range=problem_range(p, lines),
        message=p.text, severity=_SEVERITY.get(p.severity, lsp.DiagnosticSeverity.Error), code=p.code,
        code_description=lsp.CodeDescription(href=href) if href else None, source=SOURCE,
        related_information=related or None)


def diagnostics_by_uri(docs: Documents, by_path: dict[str, list[Problem]]) -> dict[str, list[lsp.Diagnostic]]:
    """The diagnostics of each file (by URI) of `by_path`."""
    cache: dict[str, list[str]] = {}

    def lines_of(path: str) -> list[str]:  # an open buffer's lines are split once per version
        if path not in cache:
            cache[path] = docs.lines(path)[0]
        return cache[path]

    return {uri_of(path): [to_diagnostic(p, lines_of(path), lines_of) for p in problems]
            for path, problems in by_path.items() if Path(path).is_absolute()}
