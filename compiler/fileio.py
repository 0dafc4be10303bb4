"""Atomic file writes: a failed write never leaves half a file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from compiler.problems import InputError, Location


def write_atomic(path: str | Path, data: str | bytes, encoding: str = "utf-8") -> None:
    """Write `data` to `path` through a temporary file in the same folder, then rename it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode(encoding) if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less the umask."""
    try:
        return target.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def read_text(path: str | Path, *, max_bytes: int, what: str) -> str:
    """A UTF-8 text file of at most `max_bytes`; InputError (code 'unreadable', located) otherwise."""
    p = Path(path)
    try:
        if p.stat().st_size > max_bytes:
            raise InputError(f"{what} file is larger than {max_bytes // 2**20} MiB", Location(str(p), 1, 1),
                             "unreadable")
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not UTF-8 text: {exc.reason}", Location(str(p), 1, 1), "unreadable") from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", Location(str(p), 0, 0), "unreadable") from None
