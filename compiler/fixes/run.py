"""`validate --fix`: find the fixes of a run's problems, apply the applicable ones file by file, and say what was done.

Like ruff: safe fixes, and unsafe ones with `--unsafe-fixes`; of fixes touching the same bytes the first is applied
and the others wait for the next run; each file's fixes are applied together and the file written atomically.
A problem inside a zip or read from standard input is never fixed (there is no file to write back).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from compiler.fixes.apply import FixedFile, choose, fixed_files, write_fixed
from compiler.fixes.find import fixes_for
from compiler.fixes.model import Fix
from compiler.problems import STDIN_NAME, ZIP_SEPARATOR, Problem


def in_place(path: str) -> bool:
    """Whether a problem's file can be fixed where it lies (not a zip member, not standard input)."""
    return bool(path) and path != STDIN_NAME and ZIP_SEPARATOR not in path


def read_file(path: str) -> bytes:
    """A fixable file's current bytes (OSError for a zip member or standard input: nothing to fix there)."""
    if not in_place(path):
        raise FileNotFoundError(path)
    return Path(path).read_bytes()


def problem_fixes(problems: Sequence[Problem]) -> dict[Problem, Fix]:
    """Each fixable problem's fix (the first, when a fixer offers several)."""
    out: dict[Problem, Fix] = {}
    read = cache(read_file)  # each file read once for all its problems
    for problem in problems:
        if problem in out or not in_place(problem.location.path):
            continue
        found = fixes_for([problem], read)
        if found:
            out[problem] = found[0]
    return out


@dataclass
class FixRun:
    """What `--fix` did: the fixes applied, those left for the next run (they overlap an applied one), the files
    written."""

    applied: list[Fix] = field(default_factory=list)
    later: list[Fix] = field(default_factory=list)
    files: list[FixedFile] = field(default_factory=list)
    fixed: list[Problem] = field(default_factory=list)
    """the problems an applied fix answers"""

    @property
    def bytes_changed(self) -> int:
        """Bytes removed plus bytes inserted, over all files."""
        return sum(edit.end - edit.start + len(edit.text) for fix in self.applied for edit in fix.edits)


def apply_fixes(problems: Sequence[Problem], unsafe: bool) -> FixRun:
    """Fix `problems` in their files (safe fixes; unsafe ones too when `unsafe`) and write the files changed;
    UnwritableError when a file cannot be written (those written before stay fixed)."""
    fixes = problem_fixes(problems)
    chosen, later = choose(_distinct(fixes.values()), unsafe)
    files = fixed_files(chosen, read_file)
    write_fixed(files)
    applied = {(fix.code, fix.edits) for fix in chosen}
    fixed = [p for p, fix in fixes.items() if (fix.code, fix.edits) in applied]
    return FixRun(chosen, later, [f for f in files if f.after != f.before], fixed)


def _distinct(fixes: Iterable[Fix]) -> list[Fix]:
    """The fixes without repeats of the same edits (a fixer that fixes a whole game answers each of its problems
    with the same fix: it is applied once)."""
    seen: set[tuple[str, tuple[object, ...]]] = set()
    out = []
    for fix in fixes:
        key = (fix.code, fix.edits)
        if key not in seen:
            seen.add(key)
            out.append(fix)
    return out
