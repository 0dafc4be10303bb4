"""A season: many saves checked in one run (check-save with several saves, a folder, or --league).

Each save is judged alone (compiler/check_game.check_save); one that cannot be read or judged is reported where
it stands and the others are still checked. Saves are judged in `jobs` processes, which also draw, when asked
(check-save --html, with compiler/draw/season_boards.draw_boards), each save's boards at its violations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from compiler.check_game import Judged, check_save
from compiler.league import League
from compiler.problems import InputError, Location, Problem, ProblemsFound

SAVE_SUFFIX = ".tsvg"
CHECKED, SKIPPED, UNREADABLE = "checked", "skipped", "unreadable"


def season_saves(given: tuple[Path, ...]) -> list[Path]:
    """The saves named: files as given, and each folder's *.tsvg files (sorted, below it at any depth)."""
    found: list[Path] = []
    for path in given:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob(f"*{SAVE_SUFFIX}") if p.is_file() and not p.is_symlink()))
        else:
            found.append(path)
    if not found:
        raise InputError(f"no save game ({SAVE_SUFFIX}) in {', '.join(map(str, given))}", code="no-saves")
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class DrawnBoard:
    """One board of a save at its violations: the moment, the numbers (1-based, in the save's problems) of the
    violations then, those of them marked on a territory (the others are about none), and the picture (SVG)."""

    round: int
    step: str | None
    player: str | None
    numbers: tuple[int, ...]
    marked: tuple[int, ...]
    svg: str


DrawBoards = Callable[[Path, Sequence[Problem], str], list[DrawnBoard]]
"""draws a save's boards at its violations (save, its problems, an id prefix for the marks' links); InputError when
it cannot"""


@dataclass
class SaveVerdict:
    """One save of a season: its problems (numbered 1, 2, ... in this order on its boards), whether it was checked,
    skipped or unreadable, its game ("" when not known), and its boards at its violations (when drawn)."""

    path: Path
    problems: list[Problem]
    status: str
    game: str = ""
    rules: int = 0
    """how many house rules it was checked against"""
    boards: list[DrawnBoard] = field(default_factory=list)
    board_error: str = ""
    """why the boards could not be drawn ("" when they were, or were not asked for)"""

    @property
    def violations(self) -> int:
        return sum(p.is_error for p in self.problems) if self.status == CHECKED else 0


@dataclass
class Season:
    """What a season's saves gave: the problems of all, and how many were checked, skipped, unreadable, broken."""

    saves: list[SaveVerdict] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    checked: int = 0
    skipped: int = 0
    unreadable: int = 0
    broken: int = 0
    violations: int = 0
    rules: int = 0

    def summary(self) -> str:
        parts = [f"{self.checked} save(s) checked", f"{self.violations} violation(s) in {self.broken} save(s)"]
        if self.skipped:
            parts.append(f"{self.skipped} skipped (a game the league does not play)")
        if self.unreadable:
            parts.append(f"{self.unreadable} could not be judged")
        return "season: " + ", ".join(parts)


def _judged(save: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...], force: bool,
            league: League | None) -> Judged | list[Problem]:
    """One save judged; the located problems when it cannot be (a list, not a Judged)."""
    try:
        return check_save(save, spec, game, rules, force, league)
    except InputError as err:
        problem = err.as_problem()
        if not problem.location.path:
            problem = Problem(problem.code, problem.message, Location(str(save)), problem.severity)
        return [problem]
    except ProblemsFound as err:
        return list(err.problems)


def _one(save: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...], force: bool,
         league: League | None, draw: DrawBoards | None, prefix: str) -> SaveVerdict:
    """One save judged, and with `draw` its boards drawn at its violations (marks linked with the id `prefix`)."""
    result = _judged(save, spec, game, rules, force, league)
    if not isinstance(result, Judged):
        return SaveVerdict(save, result, UNREADABLE)
    verdict = SaveVerdict(save, list(result), SKIPPED if result.skipped else CHECKED, result.game, result.rules)
    if draw is not None and verdict.violations:
        try:
            verdict.boards = draw(save, verdict.problems, prefix)
        except InputError as err:
            verdict.board_error = err.message
    return verdict


def check_season(saves: list[Path], spec: Path | None, game: Path | None, rules: tuple[str, ...], force: bool,
                 league: League | None, jobs: int = 1, draw: DrawBoards | None = None) -> Season:
    """Every save judged (in `jobs` processes), in the order given; `draw` (a module-level function, for the
    processes): each save's boards drawn at its violations, marks linked with the id prefix `v<N>-` (N: the save's
    place in `saves`, from 1)."""
    args = [(s, spec, game, rules, force, league, draw, f"v{n}-") for n, s in enumerate(saves, start=1)]
    if jobs > 1 and len(saves) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(saves))) as pool:
            results = list(pool.map(_one, *zip(*args, strict=True)))
    else:
        results = [_one(*a) for a in args]
    season = Season()
    for verdict in results:
        season.saves.append(verdict)
        season.problems.extend(verdict.problems)
        if verdict.status == UNREADABLE:
            season.unreadable += 1
        elif verdict.status == SKIPPED:
            season.skipped += 1
        else:
            season.checked += 1
            season.rules = max(season.rules, verdict.rules)
            season.violations += verdict.violations
            season.broken += verdict.violations > 0
    return season
