"""`triplea-compiler validate PATH...`: check game XMLs, map folders and map zips, report every problem."""

from __future__ import annotations

import gc
import os
import re
import sys
import zipfile
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path

import click
from lxml import etree

from compiler.checks import CheckContext, run_context
from compiler.catalog import load_catalog
from compiler.mapfolder import GameInput, discover
from compiler.problems import InputError, Location, Problem, Severity
from compiler.report import FORMATS, format_problems, summary
from compiler.xml.parse import parse_bytes, read_xml


def validate_input(inp: GameInput, engine: str, map_names: frozenset[str] = frozenset()) -> tuple[list[Problem], bool]:
    """Problems of one game XML, and whether it could be read at all (False: exit status 2)."""
    # One game's model is a tree of many small objects without cycles: the cyclic garbage
    # collector would only rescan them (a third of the run time), so it pauses for one file.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _validate_one(inp, engine, map_names)
    finally:
        if was_enabled:
            gc.enable()


_QUOTED = re.compile(r"'([^']+)'")


def refine_columns(problems: list[Problem], data: bytes, path: str) -> list[Problem]:
    """Point problems of `path` at the column of the name their message quotes (the parser knows
    lines only), or at the line's first non-blank character."""
    lines: list[str] | None = None
    out = []
    for p in problems:
        loc = p.location
        if loc.path == path and loc.line > 0 and loc.column <= 1:
            if lines is None:
                lines = data.decode("utf-8", errors="replace").splitlines()
            if loc.line <= len(lines):
                text = lines[loc.line - 1]
                column = len(text) - len(text.lstrip()) + 1
                for name in _QUOTED.findall(p.message):
                    at = max(text.find(f'"{name}"'), text.find(f"'{name}'"))
                    if at >= 0:
                        column = at + 2
                        break
                p = replace(p, location=replace(loc, column=column))
        out.append(p)
    return out


def _validate_one(inp: GameInput, engine: str, map_names: frozenset[str]) -> tuple[list[Problem], bool]:
    try:
        data = inp.read_bytes()
        result = parse_bytes(data, inp.path)
    except InputError as exc:
        return [exc.as_problem()], False
    except Exception as exc:  # never a traceback: an input the parser chokes on is unreadable input
        return [Problem("unreadable", f"cannot read this game: {type(exc).__name__}: {exc}", Location(inp.path))], False
    ctx = CheckContext(result.model, engine=engine, map_files=inp.map_files, root=result.root, map_names=map_names)
    problems = refine_columns([*result.problems, *run_context(ctx)], data, inp.path)
    problems.sort(key=lambda p: (p.location.path != inp.path, p.location.path, p.location.line, p.location.column))
    return problems, True


def _territory_names(inp: GameInput) -> set[str]:
    try:
        root = read_xml(inp.read_bytes(), inp.path)
    except InputError:
        return set()
    return {el.get("name", "") for el in root.iter("territory") if isinstance(el, etree._Element)}


def _sibling_names(inputs: list[GameInput]) -> list[frozenset[str]]:
    """For games sharing a map folder: the territory names of all games of that map."""
    groups: dict[str, list[int]] = {}
    for i, inp in enumerate(inputs):
        if inp.map_files is not None and inp.map_files.is_map:
            groups.setdefault(inp.map_files.root, []).append(i)
    names = [frozenset[str]() for _ in inputs]
    for members in groups.values():
        if len(members) > 1:
            union = frozenset(set().union(*(_territory_names(inputs[i]) for i in members)))
            for i in members:
                names[i] = union
    return names


def _size(inp: GameInput) -> int:
    """Bytes of the game XML (0 when unknown): how long validating it takes, roughly."""
    try:
        if inp.zip_path is None:
            return os.path.getsize(inp.path)
        with zipfile.ZipFile(inp.zip_path) as zf:
            return zf.getinfo(inp.member or "").file_size
    except (OSError, KeyError, zipfile.BadZipFile):
        return 0


def _run(inputs: list[GameInput], engine: str, jobs: int) -> tuple[list[Problem], bool]:
    siblings = _sibling_names(inputs)
    results = None
    if jobs > 1 and len(inputs) > 1:
        # Largest files first, so that no worker is left with a big one at the end; the catalog is
        # read here, once, for the forked workers to share.
        order = sorted(range(len(inputs)), key=lambda i: -_size(inputs[i]))
        load_catalog(engine)
        try:
            with ProcessPoolExecutor(max_workers=min(jobs, len(inputs))) as pool:
                futures = {i: pool.submit(validate_input, inputs[i], engine, siblings[i]) for i in order}
                results = [futures[i].result() for i in range(len(inputs))]
        except (OSError, BrokenProcessPool):  # no worker processes here: do the work in this one
            results = None
    if results is None:
        results = [validate_input(inp, engine, names) for inp, names in zip(inputs, siblings, strict=True)]
    problems: list[Problem] = []
    seen: set[tuple[str, str, object]] = set()
    readable = True
    for found, ok in results:
        readable &= ok
        for p in found:
            key = (p.code, p.message, p.location)
            if key not in seen:
                seen.add(key)
                problems.append(p)
    return problems, readable


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="text", show_default=True,
              help="Output format.")
@click.option("--engine", type=click.Choice(["2.x", "1.9"]), default="2.x", show_default=True,
              help="TripleA version the games must load in.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Validate this many files at once (processes).")
def validate(paths: tuple[Path, ...], fmt: str, engine: str, jobs: int) -> None:
    """Check game XMLs, map folders (map/games/*.xml and the map's text files) or map zips.

    Every problem is reported at once as `path:line:col: severity: message [check-id]`. Exit status:
    0 no errors (warnings allowed), 1 errors found, 2 bad invocation or unreadable input.
    """
    inputs: list[GameInput] = []
    problems: list[Problem] = []
    readable = True
    for path in paths:
        try:
            inputs.extend(discover(path))
        except InputError as exc:
            problems.append(exc.as_problem())
            readable = False
    found, ok = _run(inputs, engine, jobs)
    problems.extend(found)
    readable &= ok
    click.echo(format_problems(problems, fmt), nl=False)
    if fmt == "text":
        s = summary(problems)
        click.echo(f"{len(inputs)} game(s) checked: {s['errors']} error(s), {s['warnings']} warning(s)", err=True)
    if not readable:
        sys.exit(2)
    sys.exit(1 if any(p.severity is Severity.ERROR for p in problems) else 0)
