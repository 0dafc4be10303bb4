"""The .tsvg container: gzip around a Java serialization stream, inflated with a size cap."""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path

from compiler.limits import MAX_SAVE_INFLATED, read_file
from compiler.problems import InputError, Location

GZIP_MAGIC = b"\x1f\x8b"
MAX_INFLATED = MAX_SAVE_INFLATED
"""Default cap on the decompressed size: real saves inflate to under 1 MB; a gzip bomb is refused."""

_CHUNK = 1024 * 1024


def inflate(raw: bytes, path: str, max_bytes: int = MAX_INFLATED) -> bytes:
    """The decompressed stream of a save's bytes; InputError when not gzip, corrupt or too large."""
    where = Location(path)
    if not raw.startswith(GZIP_MAGIC):
        raise InputError("not a TripleA save game: the file is not gzip-compressed", where, "save-not-gzip")
    out = bytearray()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw), mode="rb") as stream:
            while True:
                chunk = stream.read(min(_CHUNK, max_bytes + 1 - len(out)))
                if not chunk:
                    break
                out += chunk
                if len(out) > max_bytes:
                    raise InputError(
                        f"save game inflates to more than {max_bytes // (1024 * 1024)} MiB; refused "
                        "(a real save is far smaller: this looks like a gzip bomb)",
                        where,
                        "save-too-large",
                    )
    except EOFError as error:
        raise InputError(f"save game is truncated: the gzip data ends early ({error})", where,
                         "save-truncated") from None
    except (OSError, zlib.error) as error:
        raise InputError(f"save game is corrupt: bad gzip data ({error})", where, "save-corrupt") from None
    return bytes(out)


def read_bytes(path: str | Path) -> bytes:
    """The raw bytes of a save file; InputError when it cannot be read (or is not a regular file, or too
    large: compiler/limits.py)."""
    return read_file(path, "save game", code="save-unreadable")

