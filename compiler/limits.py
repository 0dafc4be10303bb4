"""Input limits, in one place: what every reader accepts before (and while) it parses.

Every reader (specs, game logs, the configuration and map.yml as YAML; game XML; map zips and the map's
text files; save games) opens its file with `read_file` and parses under these caps, so that a hostile
or broken input ends in a located error (exit status 2) at once: never a hang, a traceback or gigabytes
of memory.

- Regular files only: a FIFO, a device or a folder is refused before anything is read.
- A size cap per kind of file (`SIZE`); reading stops one byte past it.
- YAML and JSON nest at most `MAX_DEPTH` levels; YAML aliases add at most `MAX_ALIAS_VALUES` values.
- Whole numbers within Java's int range (`JAVA_INT`), the numbers TripleA holds.
- Game XML: at most `MAX_XML_ELEMENTS` elements and `MAX_XML_ATTRIBUTES` attributes on one element.
- Zips: at most `MAX_ZIP_MEMBERS` members (counted from the zip's end record, before its directory is
  read); an encrypted, corrupt or oversized member is reported, not read.
  A zip is opened once per process (`shared_zip`): its games and map folders share its directory.
- Save games: at most `MAX_SAVE_INFLATED` bytes inflated, `MAX_JAVA_ARRAY` elements in one object array,
  `MAX_JAVA_COLLECTION` in one collection (a history's list of writers) and `MAX_JAVA_TOP_LEVEL` top-level
  objects.
"""

from __future__ import annotations

import os
import re
import stat
import struct
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from compiler.problems import InputError, Location

if TYPE_CHECKING:  # zipfile, zlib and json are imported when first used: importing this module stays cheap
    import zipfile

MiB = 1024 * 1024
SIZE: dict[str, int] = {
    "spec": 32 * MiB,
    "log": 64 * MiB,
    "game XML": 64 * MiB,
    "configuration": 1 * MiB,
    "league rule set": 1 * MiB,
    "map file": 64 * MiB,
    "save game": 64 * MiB,
    "output": 64 * MiB,
}
"""the largest file of each kind read (real ones are a few MB at most)"""

MAX_DEPTH = 200
MAX_ALIAS_VALUES = 100_000
JAVA_INT = (-(2**31), 2**31 - 1)
MAX_XML_ELEMENTS = 250_000
MAX_XML_ATTRIBUTES = 100
MAX_VARIABLE_ELEMENTS = 100_000
"""a variableList variable with its nested variables expanded, and the attachments one foreach makes"""
MAX_ZIP_MEMBERS = 20_000
MAX_SAVE_INFLATED = 64 * MiB
MAX_JAVA_ARRAY = 100_000
MAX_JAVA_TOP_LEVEL = 1_000
MAX_JAVA_COLLECTION = 500_000
"""elements of one serialized collection (ArrayList, HashMap, ...). The largest in real saves is the history's
list of writers, one per step, event and change: about 1,000 per round of Empire (550 bytes of save each), so a
real save under the MAX_SAVE_INFLATED cap holds at most ~120,000; four times that is refused, from the list's
declared size when it has one (a crafted list of a million references to one step is refused before it is read)"""

CODE = "unreadable"
"""the code of every refusal: the input cannot be read (exit status 2)"""

_FILE_TYPES = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
               (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def size_text(size: int) -> str:
    """A byte count as people read it: `64 MiB`, `512 KiB`."""
    return f"{size // MiB} MiB" if size >= MiB else f"{size // 1024} KiB"


def file_type(mode: int) -> str:
    """What a non-regular file is, in words ("a FIFO")."""
    return next((name for test, name in _FILE_TYPES if test(mode)), "not a regular file")


def read_capped(handle: IO[bytes], cap: int, size_hint: int = 0) -> bytes:
    """At most `cap + 1` bytes of `handle` (one more than the cap tells an oversized input). Reads what
    `size_hint` expects at once, then in 1 MiB chunks: never a buffer of the cap's size up front."""
    parts: list[bytes] = []
    total = 0
    want = min(max(size_hint, 0), cap) + 1
    while total <= cap:
        chunk = handle.read(min(want, cap + 1 - total))
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
        want = MiB
    return b"".join(parts)


def open_regular(path: str | Path, kind: str, code: str = CODE) -> tuple[BinaryIO, os.stat_result]:
    """`path` opened for reading, with its stat; InputError located at `path` (with `code`) when it is
    missing, unreadable or not a regular file. A FIFO or a device is refused without blocking or reading."""
    where = Location(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(f"cannot read {kind}: {exc.strerror or exc}", where, code) from None
    try:
        info = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise InputError(f"cannot read {kind}: {exc.strerror or exc}", where, code) from None
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise InputError(f"{kind} is {file_type(info.st_mode)}, not a regular file: refused", where, code)
    return os.fdopen(fd, "rb"), info


def read_file(path: str | Path, kind: str, *, code: str = CODE) -> bytes:
    """The bytes of a regular file of `kind` (a key of SIZE); InputError located at `path` (with `code`)
    when it is missing, not a regular file (see open_regular), larger than its cap or unreadable."""
    where = Location(str(path))
    cap = SIZE[kind]
    handle, info = open_regular(path, kind, code)
    try:
        with handle:
            data = read_capped(handle, cap, info.st_size)
    except OSError as exc:
        raise InputError(f"cannot read {kind}: {exc.strerror or exc}", where, code) from None
    if len(data) > cap:
        raise InputError(f"{kind} file is larger than {size_text(cap)}: refused", where, code)
    return data


def read_text(path: str | Path, kind: str) -> str:
    """A UTF-8 text file of `kind` (see read_file); InputError (code 'unreadable', located) otherwise."""
    data = read_file(path, kind)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{kind} is not UTF-8 text: {exc.reason}", Location(str(path), 1, 1),
                         "unreadable") from None


# --- numbers ---------------------------------------------------------------------------------------

_DIGITS = len(str(2**31))


def java_int(text: str) -> int | None:
    """The whole number `text` (decimal, optionally signed) means, or None when TripleA cannot hold it
    (outside Java's int range); never converts thousands of digits."""
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > _DIGITS:
        return None
    value = -int(digits) if text.startswith("-") else int(digits)
    return value if JAVA_INT[0] <= value <= JAVA_INT[1] else None


def out_of_range(text: str) -> str:
    """The message for a whole number TripleA cannot hold."""
    shown = text if len(text) <= 24 else f"{text[:12]}...{text[-6:]} ({len(text)} characters)"
    return f"the number {shown} is outside the whole numbers TripleA holds ({JAVA_INT[0]} to {JAVA_INT[1]})"


class _BadNumber(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _json_int(text: str) -> int:
    value = java_int(text)
    if value is None:
        raise _BadNumber(text)
    return value


def _json_float(text: str) -> float:
    if len(text) > 400:
        raise _BadNumber(text)
    return float(text)


def first_location(text: str, needle: str, path: str) -> Location:
    """Where `needle` first stands in `text` (1:1 when it does not)."""
    index = text.find(needle)
    if index < 0:
        return Location(path, 1, 1)
    return Location(path, text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index))


def load_json(text: str, path: str, code: str, what: str = "JSON") -> Any:
    """JSON text as data under the limits (nesting, whole numbers TripleA holds); InputError located at
    the problem, with `code` for malformed JSON ("malformed {what}: ...")."""
    import json

    try:
        return json.loads(text, parse_int=_json_int, parse_float=_json_float)
    except json.JSONDecodeError as err:
        raise InputError(f"malformed {what}: {err.msg}", Location(path, err.lineno, err.colno), code) from None
    except _BadNumber as bad:
        raise InputError(out_of_range(bad.text), first_location(text, bad.text, path), CODE) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep: refused", Location(path, 1, 1), CODE) from None


# --- zips ------------------------------------------------------------------------------------------

_EOCD = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_EOCD = b"PK\x06\x06"


def zip_member_count(handle: BinaryIO) -> int | None:
    """How many members a zip says it has (its end-of-central-directory record, zip64 included), read
    before zipfile walks the directory; None when no end record is found (not a zip)."""
    handle.seek(0, os.SEEK_END)
    size = handle.tell()
    start = max(0, size - (65535 + 22))
    handle.seek(start)
    tail = handle.read()
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) < at + 22:
        return None
    count: int = struct.unpack("<H", tail[at + 10:at + 12])[0]
    locator = at - 20
    if locator >= 0 and tail[locator:locator + 4] == _ZIP64_LOCATOR:
        offset: int = struct.unpack("<Q", tail[locator + 8:locator + 16])[0]
        if 0 <= offset < size:
            handle.seek(offset)
            record = handle.read(40)
            if record[:4] == _ZIP64_EOCD and len(record) == 40:
                count = max(count, struct.unpack("<Q", record[32:40])[0])
    return count


def is_zip(path: str | Path) -> bool:
    """Whether a regular file ends in a zip's end record (what zipfile.is_zipfile asks); False when it
    cannot be read."""
    try:
        with open(path, "rb") as handle:
            return zip_member_count(handle) is not None
    except OSError:
        return False


def open_zip(path: str | Path) -> zipfile.ZipFile:
    """A map zip opened for reading, refused (InputError, located) when it is not a regular file, not a
    zip, or has more than MAX_ZIP_MEMBERS members."""
    import zipfile

    shown = str(path)
    handle, _ = open_regular(path, "zip")
    try:
        with handle:
            count = zip_member_count(handle)
        if count is not None and count > MAX_ZIP_MEMBERS:
            raise InputError(f"zip has {count} members, more than {MAX_ZIP_MEMBERS}: refused", Location(shown), CODE)
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, struct.error) as exc:
        raise InputError(f"cannot read zip: {getattr(exc, 'strerror', None) or exc}", Location(shown),
                         "unreadable") from None
    if len(archive.infolist()) > MAX_ZIP_MEMBERS:
        archive.close()
        raise InputError(f"zip has more than {MAX_ZIP_MEMBERS} members: refused", Location(shown), CODE)
    return archive


class SharedZip:
    """A map zip opened once per process and run (see `shared_zip`): the archive, its file members' names
    sorted, and what is derived from them, shared by every game and map folder of the zip."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names: list[str] = sorted(n for n in archive.namelist() if not n.endswith("/"))
        self._children: dict[str, frozenset[str]] = {}

    def under(self, prefix: str) -> list[str]:
        """The file members whose names start with `prefix` ("" or a folder ending in "/"), found by bisection."""
        import bisect

        if not prefix:
            return self.names
        start = bisect.bisect_left(self.names, prefix)
        end = bisect.bisect_left(self.names, prefix[:-1] + chr(ord(prefix[-1]) + 1), start)
        return self.names[start:end]

    def children(self, folder: str) -> frozenset[str]:
        """The names of the files directly in `folder` ("" or ending in "/"), computed once per folder."""
        found = self._children.get(folder)
        if found is None:
            found = self._children[folder] = frozenset(
                n[len(folder):] for n in self.under(folder) if "/" not in n[len(folder):])
        return found


_SHARED: dict[tuple[str, int, int, int], SharedZip] = {}
MAX_SHARED_ZIPS = 64
"""the most zips kept open at once (the oldest is closed when another is opened)"""


def shared_zip(path: str | Path) -> SharedZip:
    """The zip at `path` opened once per process (see open_zip for what is refused), kept open and shared:
    a zip of 20,000 games is opened and its directory read once, not once per game. Reopened when the
    file changes (another size, modification time or inode)."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise InputError(f"cannot read zip: {exc.strerror or exc}", Location(str(path)), CODE) from None
    key = (os.path.abspath(path), info.st_size, info.st_mtime_ns, info.st_ino)
    found = _SHARED.get(key)
    if found is None:
        found = SharedZip(open_zip(path))
        if len(_SHARED) >= MAX_SHARED_ZIPS:
            oldest = next(iter(_SHARED))
            _SHARED.pop(oldest).archive.close()
        _SHARED[key] = found
    return found


def read_member(archive: zipfile.ZipFile, member: str, shown: str, kind: str = "map file") -> bytes:
    """One member of a zip, at most the cap of `kind`; InputError (located at `shown`) when it is missing,
    encrypted, compressed in a way zipfile cannot read, corrupt (bad data or CRC) or too large."""
    import zipfile
    import zlib

    where = Location(shown)
    cap = SIZE[kind]
    try:
        info = archive.getinfo(member)
    except KeyError:
        raise InputError("no such member in the zip", where, "unreadable") from None
    if info.flag_bits & 0x1:
        raise InputError("zip member is encrypted: refused", where, "unreadable")
    if info.file_size > cap:
        raise InputError(f"zip member is larger than {size_text(cap)}: refused", where, CODE)
    try:
        with archive.open(info) as handle:
            data = read_capped(handle, cap, info.file_size)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError, ValueError,
            struct.error) as exc:
        raise InputError(f"zip member is corrupt or unreadable: {exc}", where, "unreadable") from None
    if len(data) > cap:
        raise InputError(f"zip member is larger than {size_text(cap)}: refused", where, CODE)
    return data


# --- text shapes -----------------------------------------------------------------------------------

_OVER_200 = re.compile(r"[^\n]{200}")
_OVER_2000 = re.compile(r"[^\n]{2000}")


def nesting_bound(text: str) -> int:
    """An upper bound of how deep a YAML text nests, found without parsing it: every flow level needs a
    bracket, every two block levels a column of indentation (with a line over 2,000 characters: the
    text's length)."""
    if _OVER_2000.search(text):
        return len(text)
    longest = 2000 if _OVER_200.search(text) else 200
    return text.count("[") + text.count("{") + 2 * longest
