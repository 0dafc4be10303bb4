"""Bad input gives a clear InputError: not a save, not gzip, truncated, corrupt, bombs, old engines."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from compiler.limits import MAX_SAVE_INFLATED
from compiler.problems import InputError
from compiler.saves import read_save, read_save_bytes

JAVA_MAGIC = b"\xac\xed\x00\x05"


@pytest.fixture(scope="module")
def real_save(shared: Path) -> bytes:
    return (shared / "reference" / "saves" / "revised_during_land_to_land_combat.tsvg").read_bytes()


def _error(raw: bytes, **kwargs: int) -> InputError:
    with pytest.raises(InputError) as caught:
        read_save_bytes(raw, "bad.tsvg", **kwargs)
    assert caught.value.location.path == "bad.tsvg"
    return caught.value


def test_not_gzip() -> None:
    error = _error(b"<game><info name='x'/></game>")
    assert error.code == "save-not-gzip" and "not gzip" in error.message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        read_save(tmp_path / "nope.tsvg")
    assert caught.value.code == "save-unreadable"


def test_gzip_of_something_else() -> None:
    error = _error(gzip.compress(b"just some text, not a Java stream"))
    assert error.code == "save-corrupt"


def test_java_stream_that_is_not_a_save() -> None:
    stream = JAVA_MAGIC + b"\x74" + struct.pack(">H", 5) + b"hello"
    error = _error(gzip.compress(stream))
    assert error.code == "save-not-triplea"


def test_truncated_gzip(real_save: bytes) -> None:
    error = _error(real_save[: len(real_save) // 2])
    assert error.code == "save-truncated"


def test_truncated_stream(real_save: bytes) -> None:
    inner = gzip.decompress(real_save)
    error = _error(gzip.compress(inner[: len(inner) // 3]))
    assert error.code == "save-truncated"


def test_corrupt_gzip(real_save: bytes) -> None:
    middle = len(real_save) // 2
    damaged = real_save[:middle] + bytes(b ^ 0xFF for b in real_save[middle:middle + 64]) + real_save[middle + 64:]
    error = _error(damaged)
    assert error.code in ("save-corrupt", "save-truncated")


def test_corrupt_stream(real_save: bytes) -> None:
    inner = bytearray(gzip.decompress(real_save))
    for i in range(200, len(inner), 997):  # scatter damage through the object graph
        inner[i] ^= 0x5A
    error = _error(gzip.compress(bytes(inner)))
    assert error.code in ("save-corrupt", "save-truncated", "save-not-triplea", "save-unsupported-content")


def test_hostile_array_length() -> None:
    array_desc = b"\x72" + struct.pack(">H", 2) + b"[I" + struct.pack(">q", 0) + b"\x02" + struct.pack(">h", 0)
    stream = JAVA_MAGIC + b"\x75" + array_desc + b"\x78\x70" + struct.pack(">i", 0x7FFFFFFF)
    error = _error(gzip.compress(stream))
    assert error.code == "save-corrupt" and "array" in error.message


def test_gzip_bomb_is_refused_small_cap() -> None:
    bomb = gzip.compress(b"\0" * (3 * 1024 * 1024), compresslevel=9)
    error = _error(bomb, max_bytes=1024 * 1024)
    assert error.code == "save-too-large" and "1 MiB" in error.message


def test_gzip_bomb_is_refused_default_cap() -> None:
    bomb = gzip.compress(b"\0" * (MAX_SAVE_INFLATED + 1024 * 1024), compresslevel=1)
    assert len(bomb) < 2 * 1024 * 1024
    error = _error(bomb)
    assert error.code == "save-too-large" and f"{MAX_SAVE_INFLATED // 2**20} MiB" in error.message


def test_unsupported_engine_version(real_save: bytes) -> None:
    inner = gzip.decompress(real_save)
    values = b"\x78\x70" + struct.pack(">ii", 2, 0)  # end of Version's class description, major 2, minor 0
    at = inner.find(values)
    assert 0 < at < 200
    old = inner[:at] + b"\x78\x70" + struct.pack(">ii", 1, 7) + inner[at + len(values):]
    error = _error(gzip.compress(old))
    assert error.code == "save-unsupported-version" and "1.7" in error.message


def test_deeply_nested_objects() -> None:
    name = b"[Ljava.lang.Object;"
    desc = b"\x72" + struct.pack(">H", len(name)) + name + struct.pack(">q", 0) + b"\x02" + struct.pack(">h", 0)
    first = b"\x75" + desc + b"\x78\x70" + struct.pack(">i", 1)
    again = b"\x75\x71" + struct.pack(">i", 0x7E0000) + struct.pack(">i", 1)  # same class description
    stream = JAVA_MAGIC + first + again * 20000 + b"\x70"
    error = _error(gzip.compress(stream))
    assert error.code == "save-corrupt" and "deeply" in error.message
