"""Atomic file writes: a failed write never leaves half a file behind, and never touches another file.

`check_writable(path)` refuses at once, before the work of making an output, a target that write_atomic
would refuse for where it is. `write_atomic(path, data)` writes through a temporary file beside the real
target and renames it into place. A symlink is written through (its target is replaced, the link stays); a
target that exists but is not a regular file (a device such as /dev/full, a FIFO, a folder) is refused
before anything is written; every OS error (read-only or full disk, an immutable file, a name too long, a
folder that is a file) is an UnwritableError naming the path (code `unwritable`, exit status 2), and the old
file is left as it was. SIGTERM or SIGINT during a write removes the temporary file before the signal takes
its usual course (`temporaries_removed_on_signal`).
"""

from __future__ import annotations

import os
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from compiler.limits import file_type, read_text
from compiler.problems import InputError, Location

CODE = "unwritable"


class UnwritableError(InputError):
    """An output that cannot be written (located at the path the user named)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"cannot write here: {reason}", Location(str(path)), CODE)


def write_atomic(path: str | Path, data: str | bytes, encoding: str = "utf-8") -> None:
    """Write `data` to `path` through a temporary file in the real target's folder, then rename it over
    the target; UnwritableError (the old file untouched) when that cannot be done."""
    target = Path(os.path.realpath(path))  # through symlinks: the link stays, its target is replaced
    payload = data.encode(encoding) if isinstance(data, str) else data
    with temporaries_removed_on_signal() as pending:
        tmp = write_temporary(path, target, payload, pending)
        try:
            os.replace(tmp, target)
        except BaseException as exc:
            Path(tmp).unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise UnwritableError(path, os_reason(exc)) from None
            raise
        pending.remove(tmp)


def write_temporary(path: str | Path, target: Path, payload: bytes, pending: list[str]) -> str:
    """`payload` written in full (synced) to a new temporary file beside `target`, with the permissions `target`
    has (else 0666 less the umask), its folder made when missing; its name, also added to `pending` (the list
    temporaries_removed_on_signal gives). On any failure nothing is left and an OSError is an UnwritableError
    naming `path`."""
    try:
        mode = _mode_for(path, target)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UnwritableError(path, os_reason(exc)) from None
    pending.append(tmp)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)  # (its name stays in `pending` until the write ends: harmless)
        if isinstance(exc, OSError):
            raise UnwritableError(path, os_reason(exc)) from None
        raise
    return tmp


_SIGNALS = (signal.SIGTERM, signal.SIGINT)
_PENDING: list[str] = []
_PREVIOUS: dict[int, Callable[[int, FrameType | None], object] | int | None] = {}


def _remove_pending(signum: int, frame: FrameType | None) -> None:
    """The handler of SIGTERM and SIGINT during a write: remove the temporary files, then do what the
    handler before would have done (the default: end the process by the same signal)."""
    for tmp in _PENDING:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _PENDING.clear()
    previous = _PREVIOUS.get(signum, signal.SIG_DFL)
    signal.signal(signum, previous)
    if callable(previous):
        previous(signum, frame)
    elif previous == signal.SIG_DFL:
        os.kill(os.getpid(), signum)


@contextmanager
def temporaries_removed_on_signal() -> Iterator[list[str]]:
    """While a write runs, SIGTERM and SIGINT remove its temporary file (added to the list given) before they
    act; only the main thread can set signal handlers (elsewhere the usual cleanup on exceptions is all)."""
    if threading.current_thread() is not threading.main_thread() or _PREVIOUS:
        yield _PENDING
        return
    for signum in _SIGNALS:
        _PREVIOUS[signum] = signal.getsignal(signum)
        signal.signal(signum, _remove_pending)
    try:
        yield _PENDING
    finally:
        for signum in _SIGNALS:
            if signal.getsignal(signum) is _remove_pending:
                signal.signal(signum, _PREVIOUS[signum])
        _PREVIOUS.clear()
        _PENDING.clear()


def current_text(path: str | Path) -> str | None:
    """What an output holds now, for `--check`: None when there is none yet (a dangling link included);
    InputError when it is there but unreadable or not a regular file."""
    return read_text(path, "output") if os.path.lexists(path) else None


def check_writable(path: str | Path) -> None:
    """UnwritableError now for an output that cannot be written where it is: the target (through symlinks)
    exists but is not a regular file, or the nearest existing folder on its path is a file or cannot be
    written. Creates nothing; write_atomic still catches what only writing shows (a full disk)."""
    target = Path(os.path.realpath(path))
    try:
        _mode_for(path, target)
    except OSError as exc:
        raise UnwritableError(path, os_reason(exc)) from None
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise UnwritableError(path, "a folder on its path is a file")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UnwritableError(path, f"{os.strerror(13)} ({folder})")


def _mode_for(path: str | Path, target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less the umask. OSError for a
    target that is not a regular file (it would be replaced by one)."""
    try:
        info = target.stat()
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    if not stat.S_ISREG(info.st_mode):
        raise UnwritableError(path, f"it is {file_type(info.st_mode)}, not a regular file")
    return info.st_mode & 0o7777


def os_reason(exc: OSError) -> str:
    """An OS error in words, without the temporary file's name."""
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return "a folder on its path is a file"
    return exc.strerror or str(exc) or type(exc).__name__
