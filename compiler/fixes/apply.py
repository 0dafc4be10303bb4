"""Applying fixes: byte edits spliced into a file, and the choice of the fixes one run applies.

`apply_edits(data, edits)` splices edits of one file into its bytes (OverlappingEdits when two overlap).
`choose(fixes, unsafe)` picks, as ruff does, the fixes a run applies: safe ones (and unsafe ones when asked),
the first of overlapping fixes kept, the rest left for the next run. `fixed_files(fixes, read)` gives each
touched file's new bytes; `write_fixed(...)` writes them atomically (compiler/fileio.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from compiler.fileio import write_atomic
from compiler.fixes.model import Fix, TextEdit


class OverlappingEdits(ValueError):
    """Two edits of one file touch the same bytes (or one is outside the file): the edits are not applied."""


def _overlap(a: TextEdit, b: TextEdit) -> bool:
    """Whether `b` (starting at or after `a`) overlaps `a`; two insertions at one offset overlap too (their order
    would be a guess)."""
    return b.start < a.end or (b.start == a.start and a.start == a.end == b.end)


def apply_edits(data: bytes, edits: Sequence[TextEdit]) -> bytes:
    """`data` with every edit applied (offsets into the original `data`); OverlappingEdits when two edits overlap
    or one reaches past the end, naming them."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    for edit in ordered:
        if not 0 <= edit.start <= edit.end <= len(data):
            raise OverlappingEdits(f"edit of bytes {edit.start}-{edit.end} of {edit.path} lies outside its "
                                   f"{len(data)} bytes")
    for a, b in zip(ordered, ordered[1:], strict=False):
        if _overlap(a, b):
            raise OverlappingEdits(f"edits of bytes {a.start}-{a.end} and {b.start}-{b.end} of {a.path} overlap")
    out, at = [], 0
    for edit in ordered:
        out += [data[at:edit.start], edit.text]
        at = edit.end
    out.append(data[at:])
    return b"".join(out)


def _clashes(fix: Fix, taken: dict[str, list[TextEdit]]) -> bool:
    for edit in fix.edits:
        for other in taken.get(edit.path, ()):
            first, second = sorted((edit, other), key=lambda e: (e.start, e.end))
            if _overlap(first, second):
                return True
    return False


def choose(fixes: Iterable[Fix], unsafe: bool = False) -> tuple[list[Fix], list[Fix]]:
    """(the fixes to apply, the fixes left for a later run): safe fixes, and unsafe ones when `unsafe`; of fixes
    whose edits overlap, the first is kept. Fixes not applicable (unsafe when not asked) are in neither list."""
    chosen: list[Fix] = []
    later: list[Fix] = []
    taken: dict[str, list[TextEdit]] = {}
    for fix in fixes:
        if not fix.applies(unsafe):
            continue
        if _clashes(fix, taken):
            later.append(fix)
            continue
        chosen.append(fix)
        for edit in fix.edits:
            taken.setdefault(edit.path, []).append(edit)
    return chosen, later


@dataclass(frozen=True)
class FixedFile:
    """One file's bytes before and after its fixes."""

    path: str
    before: bytes
    after: bytes


def fixed_files(fixes: Iterable[Fix], read: Callable[[str], bytes]) -> list[FixedFile]:
    """The new bytes of every file `fixes` edit (all of one file's edits applied together); the fixes must not
    overlap (see `choose`)."""
    edits: dict[str, dict[TextEdit, None]] = {}
    for fix in fixes:
        for edit in fix.edits:
            edits.setdefault(edit.path, {})[edit] = None  # an edit two fixes share is made once
    out = []
    for path, of_file in edits.items():
        before = read(path)
        out.append(FixedFile(path, before, apply_edits(before, list(of_file))))
    return out


def write_fixed(files: Iterable[FixedFile]) -> None:
    """Write each changed file atomically (UnwritableError, the file untouched, when one cannot be written)."""
    for file in files:
        if file.after != file.before:
            write_atomic(file.path, file.after)
