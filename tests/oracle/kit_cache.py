"""A content-keyed store of what an oracle kit's scripts produced, shared by test processes and runs.

An all-AI game is a function of what goes in: the kit (its jar, scripts and the Debian jars of its class path),
the JVM, the game XML's bytes, the rounds and the seed. `Kit.ai_game` keeps each game it played under the hash of
all of those (~/.cache/triplea-compiler-tests/ai-games/<hash>/: the save and what ai-game.sh printed), so another
test file, or the next run, that asks for the same game reads the same real save instead of playing it again.
Any change of an input is another key: an entry is never stale. Entries appear whole (written aside, then
renamed); a lock per key makes two processes that ask for the same game at once play it once. An entry nobody
read for KEEP_DAYS is removed when a new one is made.

TRIPLEA_TEST_CACHE=DIR puts the store elsewhere; TRIPLEA_TEST_CACHE=off plays every game.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

KEEP_DAYS = 30
VERSION = b"kit-cache 1\n"  # change to drop every entry (the layout or what a key covers changed)
_digests: dict[tuple[str, int, int], str] = {}


def root() -> Path | None:
    """The store's folder, or None when TRIPLEA_TEST_CACHE=off."""
    chosen = os.environ.get("TRIPLEA_TEST_CACHE", "")
    if chosen.lower() in ("off", "0", "no"):
        return None
    return Path(chosen).expanduser() if chosen else Path.home() / ".cache" / "triplea-compiler-tests"


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes, computed once per process for a given size and modification time."""
    stat = path.stat()
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    if key not in _digests:
        digest = hashlib.sha256()
        with path.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
        _digests[key] = digest.hexdigest()
    return _digests[key]


def key(parts: Sequence[bytes | str], files: Sequence[Path]) -> str:
    """The hash of `parts` and of the bytes of `files` (each known by its place in the list, not its name)."""
    digest = hashlib.sha256(VERSION)
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    for place, file in enumerate(files):
        digest.update(f"{place}\0{file_digest(file)}\n".encode())
    return digest.hexdigest()


@contextmanager
def _locked(lock: Path) -> Iterator[None]:
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def entry(kind: str, name: str, make: Callable[[Path], None]) -> Path | None:
    """The folder of entry `name` of `kind`, made by `make(folder)` into a fresh folder when absent (a `make`
    that raises leaves no entry); None when the store is off (the caller does the work itself)."""
    store = root()
    if store is None:
        return None
    folder = store / kind / name
    if folder.is_dir():
        os.utime(folder)  # read now: kept KEEP_DAYS more
        return folder
    with _locked(store / kind / f"{name}.lock"):
        if folder.is_dir():  # another process made it while this one waited
            return folder
        staging = Path(tempfile.mkdtemp(prefix=f"{name}-tmp", dir=folder.parent))
        try:
            make(staging)
            try:
                staging.rename(folder)
            except OSError:  # made meanwhile by a process that held another lock file (a pruned one)
                if not folder.is_dir():
                    raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    _prune(store / kind)
    return folder


def _prune(folder: Path) -> None:
    """Remove the entries (and their locks) of `folder` nobody read for KEEP_DAYS."""
    oldest = time.time() - KEEP_DAYS * 86400
    for old in folder.iterdir():
        try:
            if old.stat().st_mtime >= oldest:
                continue
            if old.is_dir():
                shutil.rmtree(old)
            else:
                old.unlink()
        except OSError:  # another process removed or renewed it meanwhile
            continue
