"""The HTML report's outline: the validated games grouped by map folder (a game XML without one alone),
each folder's problems split into its map files' and each game's, each list grouped by check (errors'
checks first, file and line order inside), numbered through the section as the map marks them, and
located relative to the map folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from compiler.mapfolder.source import GameInput, MapFiles
from compiler.problems import Location, Problem, Severity


@dataclass(frozen=True)
class Finding:
    """One problem as listed: its number in the section (its mark's on the map) and where, as shown."""

    number: int
    problem: Problem
    where: str


@dataclass(frozen=True)
class CheckGroup:
    """The findings of one check in one list."""

    code: str
    findings: tuple[Finding, ...]

    @property
    def severity(self) -> Severity:
        return Severity.ERROR if any(f.problem.is_error for f in self.findings) else Severity.WARNING


@dataclass
class Part:
    """One list of a section: the map's files' problems, or one game's (`game`)."""

    title: str
    game: GameInput | None = None
    problems: list[Problem] = field(default_factory=list)
    groups: list[CheckGroup] = field(default_factory=list)


@dataclass
class Section:
    """A map folder (`map_files`) and its games, or one game XML without a map folder."""

    title: str
    map_files: MapFiles | None
    games: list[GameInput] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)

    def relative(self, path: str) -> str:
        """`path` as shown in this section: relative to the map folder when it is in (or beside) it."""
        return relative_path(path, self.map_files.root) if self.map_files is not None else path


def relative_path(path: str, root: str) -> str:
    """`path` relative to the folder `root` (a zip's folder ends in '/'); as given when outside it."""
    if path == root:
        return "."
    if root.endswith("/"):
        return path[len(root):] if path.startswith(root) else path
    p, r = PurePath(path), PurePath(root)
    if p.is_relative_to(r):
        return p.relative_to(r).as_posix()
    if p.parent == r.parent and p.parent != p:  # map.yml beside the map folder
        return f"../{p.name}"
    return path


def _group(problems: Sequence[Problem], shown: Callable[[str], str], first: int) -> list[CheckGroup]:
    """`problems` grouped by check, numbered from `first` in the order listed."""
    by_code: dict[str, list[Problem]] = {}
    for problem in problems:
        by_code.setdefault(problem.code, []).append(problem)

    def order(p: Problem) -> tuple[str, int, int, str]:
        return shown(p.location.path), p.location.line, p.location.column, p.text

    codes = sorted(by_code, key=lambda c: (not any(p.is_error for p in by_code[c]), c))
    groups = []
    for code in codes:
        listed = sorted(by_code[code], key=order)
        findings = tuple(Finding(first + i, p, str(Location(shown(p.location.path), p.location.line,
                                                              p.location.column)))
                         for i, p in enumerate(listed))
        first += len(findings)
        groups.append(CheckGroup(code, findings))
    return groups


def _sections(inputs: Sequence[GameInput]) -> list[Section]:
    sections: list[Section] = []
    by_root: dict[str, Section] = {}
    for inp in inputs:
        files = inp.map_files
        if files is None:
            sections.append(Section(inp.path, None, [inp], [Part(inp.path, inp)]))
            continue
        section = by_root.get(files.root)
        if section is None:
            section = by_root[files.root] = Section(files.root, files, parts=[Part("Map files")])
            sections.append(section)
        section.games.append(inp)
        section.parts.append(Part(section.relative(inp.path), inp))
    return sections


def _inside(path: str, root: str) -> bool:
    shown = relative_path(path, root)
    return shown != path and not shown.startswith("../")


def _owner(sections: Sequence[Section]) -> Callable[[str], Part | None]:
    """Which list a problem located in a path goes to: its game's, else its map folder's files', else none."""
    games: dict[str, Part] = {}
    files: dict[str, Part] = {}
    roots: list[tuple[str, Part]] = []
    for section in sections:
        for part in section.parts:
            if part.game is not None:
                games.setdefault(part.game.path, part)
        if section.map_files is None:
            continue
        map_part = section.parts[0]
        roots.append((section.map_files.root, map_part))
        for inp in section.games:  # every reading of the folder, should it have been read more than once
            assert inp.map_files is not None
            for shown, _ in inp.map_files.files.values():
                files.setdefault(shown, map_part)
    roots.sort(key=lambda r: -len(r[0]))

    def owner(path: str) -> Part | None:
        found = games.get(path) or files.get(path)
        if found is not None:
            return found
        return next((part for root, part in roots if _inside(path, root)), None)

    return owner


def outline(inputs: Sequence[GameInput], problems: Sequence[Problem]) -> tuple[list[Section], Part]:
    """The sections of the report, and the list of the problems that belong to none of them."""
    sections = _sections(inputs)
    owner = _owner(sections)
    other = Part("Other problems")
    for problem in problems:
        (owner(problem.location.path) or other).problems.append(problem)
    for section in sections:
        first = 1
        for part in section.parts:
            part.groups = _group(part.problems, section.relative, first)
            first += len(part.problems)
    other.groups = _group(other.problems, lambda path: path, 1)
    return sections, other
