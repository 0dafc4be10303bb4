"""A season: many saves checked in one run (check-save with several saves, a folder, or --league).

Each save is judged alone (compiler/check_game.check_save); one that cannot be read or judged is reported where
it stands and the others are still checked. Saves are judged in `jobs` processes.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from compiler.check_game import Judged, check_save
from compiler.league import League
from compiler.problems import InputError, Location, Problem, ProblemsFound

SAVE_SUFFIX = ".tsvg"


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


@dataclass
class Season:
    """What a season's saves gave: the problems of all, and how many were checked, skipped, unreadable, broken."""

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


def _one(save: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...], force: bool,
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


def check_season(saves: list[Path], spec: Path | None, game: Path | None, rules: tuple[str, ...], force: bool,
                 league: League | None, jobs: int = 1) -> Season:
    """Every save judged (in `jobs` processes), in the order given."""
    args = [(s, spec, game, rules, force, league) for s in saves]
    if jobs > 1 and len(saves) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(saves))) as pool:
            results = list(pool.map(_one, *zip(*args, strict=True)))
    else:
        results = [_one(*a) for a in args]
    season = Season()
    for result in results:
        season.problems.extend(result)
        if not isinstance(result, Judged):
            season.unreadable += 1
        elif result.skipped:
            season.skipped += 1
        else:
            season.checked += 1
            season.rules = max(season.rules, result.rules)
            errors = sum(p.is_error for p in result)
            season.violations += errors
            season.broken += errors > 0
    return season
