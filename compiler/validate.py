"""The validate pipeline: find the games of the paths given, check each, select what is reported.

`collect(paths, flags, config_file)` finds the games (a file, a map folder's games/*.xml, a map zip,
or `-` for stdin) and each one's configuration; `validate_batch(batch, engine, jobs)` checks them,
in worker processes when asked, and applies each configuration's selection. `validate_input`
checks one game XML.
"""

from __future__ import annotations

import os
import re
import zipfile
from collections import Counter
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from lxml import etree

from compiler.catalog import load_catalog
from compiler.checks import CheckContext, run_context
from compiler.checks._map_yml import names_game
from compiler.config import DEFAULT_ENGINE, ConfigFinder
from compiler.gcpause import gc_paused
from compiler.mapfolder import GameInput, MapFiles, discover
from compiler.mapfolder.source import MAP_YML
from compiler.model.reuse import Reuse
from compiler.problems import STDIN_NAME, InputError, Location, Problem, Severity
from compiler.selection import Flags, Selection
from compiler.suppressions import apply_inline
from compiler.terminal import STDIN, Progress, read_stdin
from compiler.xml.parse import UNNAMED_GAME, ParseResult, parse_bytes, read_xml


class StdinInput(GameInput):
    """A game XML read from standard input (`validate -`), shown as `<stdin>`."""

    data: bytes

    def __init__(self, data: bytes) -> None:
        super().__init__(STDIN_NAME)
        object.__setattr__(self, "data", data)  # GameInput is frozen

    def read_bytes(self) -> bytes:
        return self.data


def stdin_input() -> StdinInput:
    """The game XML on standard input; InputError when it is too large."""
    return StdinInput(read_stdin("game XML"))


def validate_input(inp: GameInput, engine: str,
                   map_names: AbstractSet[str] = frozenset()) -> tuple[list[Problem], bool]:
    """Problems of one game XML, and whether it could be read at all (False: exit status 2)."""
    with gc_paused():
        return _validate_one(inp, engine, map_names)


_QUOTED = re.compile(r"'([^']+)'")


def refine_columns(problems: list[Problem], data: bytes, path: str) -> list[Problem]:
    """Point problems of `path` at the column of the name their message quotes (the parser knows
    lines only), or at the line's first non-blank character."""
    lines: list[bytes] | None = None
    out = []
    for p in problems:
        loc = p.location
        if loc.path == path and loc.line > 0 and loc.column <= 1:
            if lines is None:
                lines = data.split(b"\n")  # as libxml2 counts lines: only a line feed ends one
            if loc.line <= len(lines):
                text = lines[loc.line - 1].rstrip(b"\r").decode("utf-8", errors="replace")
                column = len(text) - len(text.lstrip()) + 1
                for name in _QUOTED.findall(p.message):
                    at = max(text.find(f'"{name}"'), text.find(f"'{name}'"))
                    if at >= 0:
                        column = at + 2
                        break
                p = replace(p, location=replace(loc, column=column))
        out.append(p)
    return out


def _validate_one(inp: GameInput, engine: str, map_names: AbstractSet[str]) -> tuple[list[Problem], bool]:
    try:
        data = inp.read_bytes()
        result = parse_bytes(data, inp.path)
    except InputError as exc:
        return [exc.as_problem()], False
    except Exception as exc:  # a bug (never a traceback): reported as one, and the batch goes on
        said = " ".join(str(exc).split())
        return [Problem("internal-error", f"reading this game failed: {type(exc).__name__}: {said}",
                        Location(inp.path))], True
    return check_parsed(result, data, inp.path, engine, inp.map_files, map_names), True


def check_parsed(result: ParseResult, data: bytes, path: str, engine: str, map_files: MapFiles | None = None,
                 map_names: AbstractSet[str] = frozenset(), reuse: Reuse | None = None) -> list[Problem]:
    """Every problem of a parsed game XML (`data`, shown as `path`): the parser's and the checks', columns
    refined, the file's inline suppressions applied, in order of place. `reuse`: the memo the game was read
    with (what is derived from its unchanged attachments is taken from it)."""
    ctx = CheckContext(result.model, engine=engine, map_files=map_files, root=result.root, map_names=map_names,
                       reuse=reuse)
    problems = [*result.problems, *run_context(ctx)]
    if ctx.engine != "1.9" and names_game(map_files, path):  # the game's name comes from map.yml
        problems = [p for p in problems if not p.message.endswith(UNNAMED_GAME)]
    problems = refine_columns(problems, data, path)
    problems = apply_inline(problems, data, path)
    problems.sort(key=lambda p: (p.location.path != path, p.location.path, p.location.line, p.location.column))
    return problems


def _territory_names(inp: GameInput) -> set[str]:
    try:
        root = read_xml(inp.read_bytes(), inp.path)
    except InputError:
        return set()
    return {el.get("name", "") for el in root.iter("territory") if isinstance(el, etree._Element)}


class SiblingNames(AbstractSet[str]):
    """The territory names of all the games of a map folder, read when first asked for (a check asks only
    about a map file's name that is not a territory of its own game: most games never read their siblings)."""

    def __init__(self, inputs: list[GameInput]) -> None:
        self.inputs = inputs
        self._names: frozenset[str] | None = None

    @property
    def names(self) -> frozenset[str]:
        if self._names is None:
            self._names = frozenset(set().union(*(_territory_names(inp) for inp in self.inputs)))
        return self._names

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


def _sibling_names(inputs: list[GameInput]) -> list[AbstractSet[str]]:
    """For games sharing a map folder: the territory names of all games of that map (read when asked)."""
    groups: dict[str, list[int]] = {}
    for i, inp in enumerate(inputs):
        if inp.map_files is not None and inp.map_files.is_map:
            groups.setdefault(inp.map_files.root, []).append(i)
    names: list[AbstractSet[str]] = [frozenset[str]() for _ in inputs]
    for members in groups.values():
        if len(members) > 1:
            union = SiblingNames([inputs[i] for i in members])
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


def _run_each(inputs: list[GameInput], engines: list[str], jobs: int,
              progress: Progress | None = None) -> list[tuple[list[Problem], bool]]:
    """The problems of each input and whether it could be read, in the order of `inputs`."""
    siblings = _sibling_names(inputs)
    step = progress.step if progress is not None else (lambda label: None)
    if jobs > 1 and len(inputs) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed
        from concurrent.futures.process import BrokenProcessPool

        # Largest files first, so that no worker is left with a big one at the end; the catalogs are
        # read here, once, for the forked workers to share.
        order = sorted(range(len(inputs)), key=lambda i: -_size(inputs[i]))
        for engine in sorted(set(engines)):
            load_catalog(engine)
        try:
            with ProcessPoolExecutor(max_workers=min(jobs, len(inputs))) as pool:
                futures = {pool.submit(validate_input, inputs[i], engines[i], siblings[i]): i for i in order}
                done: dict[int, tuple[list[Problem], bool]] = {}
                for future in as_completed(futures):
                    i = futures[future]
                    done[i] = future.result()
                    step(inputs[i].path)
                return [done[i] for i in range(len(inputs))]
        except (OSError, BrokenProcessPool):  # no worker processes here: do the work in this one
            if progress is not None:
                progress.done = 0
    results = []
    # The collector paused for the whole batch: its games leave next to no cycles (1,395 objects for the
    # catalogue's 211), while a collection between two games rescans all they keep (catalogs, map shapes).
    with gc_paused():
        for inp, engine, names in zip(inputs, engines, siblings, strict=True):
            step(inp.path)
            results.append(validate_input(inp, engine, names))
    return results


def _map_of(inp: GameInput) -> str | None:
    """The map folder (or zip folder) whose text files `inp` was checked with, or None."""
    return inp.map_files.root if inp.map_files is not None and inp.map_files.is_map else None


# How many games a map file's problem names.
MAX_GAMES_SAID = 5


def _games_said(message: str, games: list[str], of_map: int) -> str:
    """The words naming the games a map file's problem concerns ('' when the run checked one game of the
    map, or the message names each game already)."""
    if of_map < 2:
        return ""
    if len(games) == of_map:
        return " (in both games of this map)" if of_map == 2 else f" (in all {of_map} games of this map)"
    names = [PurePosixPath(game.replace("\\", "/")).name for game in games]
    unsaid = [name for name in names if f"'{name}'" not in message]
    if not unsaid:
        return ""
    shown = ", ".join(unsaid[:MAX_GAMES_SAID]) + (f" and {len(unsaid) - MAX_GAMES_SAID} more"
                                                  if len(unsaid) > MAX_GAMES_SAID else "")
    return f" (in {len(games)} of {of_map} games: {shown})"


def _merge(results: list[tuple[list[Problem], bool]],
           inputs: list[GameInput] | None = None) -> tuple[list[Problem], bool]:
    """All problems once, and whether all inputs could be read. The games of a map report its text files'
    problems (polygons.txt, centers.txt, map.yml ...) alike: each is reported once, at its first place in the
    output, naming the games of the map it concerns when the run checked several (`inputs`, in the order of
    `results`, tell the games and their maps)."""
    problems: list[Problem] = []
    seen: dict[tuple[str, str, object], int] = {}
    games: dict[int, list[str]] = {}  # index in `problems` of a map file's problem -> the games reporting it
    of_map: dict[int, str] = {}
    readable = True
    for i, (found, ok) in enumerate(results):
        readable &= ok
        inp = inputs[i] if inputs is not None else None
        root = _map_of(inp) if inp is not None else None
        for p in found:
            key = (p.code, p.message, p.location)
            at = seen.get(key)
            if at is None:
                at = seen[key] = len(problems)
                problems.append(p)
            if inp is not None and root is not None and p.location.path != inp.path:
                games.setdefault(at, [])
                if inp.path not in games[at]:
                    games[at].append(inp.path)
                of_map[at] = root
    per_map = Counter(root for inp in inputs or () if (root := _map_of(inp)) is not None)
    for at, reporting in games.items():
        p = problems[at]
        said = _games_said(p.message, reporting, per_map[of_map[at]])
        if said:
            problems[at] = replace(p, message=p.message + said)
    return problems, readable


# The map text files that make a folder a map's (a skin's when it has no game XML and no map.yml).
SKIN_FILES = ("polygons.txt", "centers.txt", "place.txt")


def map_skin(path: Path) -> Problem | None:
    """The note for a map skin given to validate: a folder holding a map's text files (at its top or in
    map/) but no game XML and no map.yml. TripleA offers a skin's images for the games of the map it skins;
    it has no game of its own to check. None when `path` is not a skin (no map files, or a map.yml that
    names games whose XMLs are missing: an error)."""
    if not path.is_dir() or any((folder / MAP_YML).is_file() for folder in (path, path / "map")):
        return None
    found = [name for folder in (path, path / "map") for name in SKIN_FILES if (folder / name).is_file()]
    if not found:
        return None
    return Problem("map-skin", f"a map skin: map files ({', '.join(dict.fromkeys(found))}) without a game XML or "
                               "map.yml: TripleA draws the games of the map it skins with its images; there is no "
                               "game here to check (validate the map it skins)", Location(str(path)),
                   Severity.WARNING)


@dataclass
class Batch:
    """The games to validate, the selection of each (from its configuration), and the paths that could
    not be read."""

    inputs: list[GameInput] = field(default_factory=list)
    selections: list[Selection] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped_configs: list[Path] = field(default_factory=list)
    """configuration files passed over (another user's; see ConfigFinder)"""

    @property
    def readable(self) -> bool:
        return not any(p.is_error for p in self.problems)


@dataclass
class Validation:
    """What validating a batch found: the problems to show, and how the run ends."""

    problems: list[Problem]
    games: int
    readable: bool
    """False: some input could not be read (exit status 2)"""
    failed: bool
    """errors (or warnings, when strict) were kept (exit status 1)"""

    @property
    def internal(self) -> bool:
        """A check or the parser failed with an exception: a bug (exit status 3)."""
        return any(p.code == "internal-error" for p in self.problems)


def collect(paths: tuple[Path, ...], flags: Flags, config_file: Path | None = None) -> Batch:
    """The games of `paths` (`-`: a game XML on stdin), each with its selection; ConfigError when a
    configuration is invalid."""
    batch = Batch()
    finder = ConfigFinder(config_file)
    for path in paths:
        try:
            batch.inputs.extend([stdin_input()] if str(path) == STDIN else discover(path))
        except InputError as exc:
            skin = map_skin(path) if exc.code == "no-games" else None
            if skin is None:
                batch.problems.append(exc.as_problem())
            else:
                batch.problems.extend(Selection(finder.for_file(str(path)), flags).apply([skin]))
    batch.selections = [Selection(finder.for_file(inp.zip_path or inp.path), flags) for inp in batch.inputs]
    batch.skipped_configs = finder.skipped
    return batch


def validate_batch(batch: Batch, engine: str | None = None, jobs: int = 1,
                   progress: Progress | None = None) -> Validation:
    """Check every game of `batch` for `engine` (else each one's configured engine, else 2.x)."""
    engines = [engine or s.config.engine or DEFAULT_ENGINE for s in batch.selections]
    results = _run_each(batch.inputs, engines, jobs, progress)
    failed = False
    selected = []
    for (found, ok), chosen in zip(results, batch.selections, strict=True):
        kept = chosen.apply(found)
        failed |= chosen.fails(kept)
        selected.append((chosen.shown(kept), ok))
    found, ok = _merge(selected, batch.inputs)
    return Validation([*batch.problems, *found], len(batch.inputs), batch.readable and ok, failed)
