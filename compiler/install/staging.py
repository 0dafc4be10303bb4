"""Writing several files as one change: every file is written, or none is.

Each new content is first written in full to a temporary file beside its target (permissions of the file it
replaces, else 0666 less the umask); only when all are written are they renamed into place, one after the
other. Should a rename fail, the files already replaced get their old content back (kept as hard links,
or copies where links cannot be made) and the files created are removed; the temporary files go in every
case, on SIGTERM and SIGINT too (as compiler/fileio.py's writes). Errors are UnwritableError (code `unwritable`)
naming the file.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from compiler.fileio import (
    UnwritableError,
    check_writable,
    os_reason,
    temporaries_removed_on_signal,
    write_temporary,
)


@dataclass
class _Staged:
    target: Path
    temporary: str
    existed: bool
    backup: str | None = None
    placed: bool = False


def _stage(target: Path, data: bytes, pending: list[str]) -> _Staged:
    """`data` in a temporary file beside `target` (its folder made when missing)."""
    check_writable(target)
    existed = target.exists()
    return _Staged(target, write_temporary(target, target, data, pending), existed)


def _keep_old(staged: _Staged) -> None:
    """A second name for the file about to be replaced, to put it back if a later rename fails."""
    if not staged.existed:
        return
    backup = f"{staged.temporary}.old"
    try:
        os.link(staged.target, backup)
    except OSError:
        shutil.copy2(staged.target, backup)
    staged.backup = backup


def _undo(done: list[_Staged]) -> None:
    for staged in reversed(done):
        try:
            if staged.backup is not None:
                os.replace(staged.backup, staged.target)
                staged.backup = None
            elif not staged.existed:
                staged.target.unlink(missing_ok=True)
        except OSError:
            pass


def write_all(files: dict[Path, bytes]) -> None:
    """Write every file of `files` (real paths: symbolic links are resolved by the caller), or none."""
    staged: list[_Staged] = []
    made = _missing_folders(files)
    ok = False
    with temporaries_removed_on_signal() as pending:
        try:
            for target, data in files.items():
                staged.append(_stage(target, data, pending))
            _place(staged)
            ok = True
        finally:
            for item in staged:
                for leftover in (None if item.placed else item.temporary, item.backup):
                    if leftover is not None:
                        Path(leftover).unlink(missing_ok=True)
            if not ok:
                for folder in reversed(made):
                    try:
                        folder.rmdir()
                    except OSError:
                        pass


def _place(staged: list[_Staged]) -> None:
    """Rename each staged file into place; when one fails, put back what the others replaced."""
    done: list[_Staged] = []
    try:
        for item in staged:
            _keep_old(item)
            os.replace(item.temporary, item.target)
            item.placed = True
            done.append(item)
    except OSError as exc:
        _undo(done)
        raise UnwritableError(item.target, os_reason(exc)) from None
    except BaseException:
        _undo(done)
        raise


def _missing_folders(files: dict[Path, bytes]) -> list[Path]:
    """The folders the files' paths need that do not exist yet, outermost first."""
    missing: list[Path] = []
    for target in files:
        folder = target.parent
        chain = []
        while not folder.exists() and folder != folder.parent:
            chain.append(folder)
            folder = folder.parent
        missing += [f for f in reversed(chain) if f not in missing]
    return missing
