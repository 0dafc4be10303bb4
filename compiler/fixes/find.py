"""The fixes for a list of problems: each problem's check id looks up its fixer (compiler/fixes/registry.py).

`fixes_for(problems, read)` reads each file's current bytes through `read(path)` once (a language server passes
an editor's unsaved buffer), asks the fixer of each problem's code, and returns the fixes in the order of the
problems. A file that cannot be read, bytes a fixer cannot place, or a fixer that fails give no fix: never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from compiler.fixes.model import Fix
from compiler.fixes.registry import FIXERS
from compiler.problems import Problem


class _CachedReader:
    """`read` asked once per path; a path it cannot read (OSError, an input error) reads as None."""

    def __init__(self, read: Callable[[str], bytes]) -> None:
        self._read = read
        self._seen: dict[str, bytes | None] = {}

    def __call__(self, path: str) -> bytes | None:
        if path not in self._seen:
            try:
                self._seen[path] = self._read(path)
            except Exception:  # noqa: BLE001 - a file or buffer that cannot be read gets no fix, never a traceback
                self._seen[path] = None
        return self._seen[path]


def fixes_for(problems: Sequence[Problem], read: Callable[[str], bytes]) -> list[Fix]:
    """The fixes for `problems` (each file's bytes read through `read(path)`), in the order of the problems."""
    reader = _CachedReader(read)
    out: list[Fix] = []
    for problem in problems:
        fixer = FIXERS.get(problem.code)
        if fixer is None or not problem.location.path:
            continue
        try:
            out.extend(fixer(problem, reader))
        except Exception:  # noqa: BLE001 - a fixer's bug costs its fix, never the validation it serves
            continue
    return out
