"""What a fixer reads a file's current bytes through: `read(path)`, None when the file cannot be read."""

from __future__ import annotations

from collections.abc import Callable

from compiler.fixes.model import Fix
from compiler.problems import Problem

Reader = Callable[[str], "bytes | None"]
Fixer = Callable[[Problem, Reader], list[Fix]]
