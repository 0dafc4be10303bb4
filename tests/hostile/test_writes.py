"""compiler.fileio: check_writable refuses a bad target before the work; write_atomic writes through the
real target, refusing what is not a regular file, every OS error a clean 'unwritable' error naming the path,
the old file kept and nothing else left behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from compiler.fileio import UnwritableError, check_writable, write_atomic


def _refused(path: Path | str, data: str = "new") -> UnwritableError:
    with pytest.raises(UnwritableError) as caught:
        write_atomic(path, data)
    error = caught.value
    assert error.location.path == str(path) and error.code == "unwritable"
    return error


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "spec.yaml"
    target.write_text("old")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    write_atomic(link, "new")
    assert link.is_symlink() and target.read_text() == "new"
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["spec.yaml"]
    dangling = tmp_path / "dangling.yaml"
    dangling.symlink_to(tmp_path / "real" / "made.yaml")
    write_atomic(dangling, "made")
    assert dangling.is_symlink() and (tmp_path / "real" / "made.yaml").read_text() == "made"


def test_what_is_not_a_regular_file_is_refused_untouched(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert _refused(fifo).message == "cannot write here: it is a FIFO, not a regular file"
    assert _refused("/dev/null").message == "cannot write here: it is a character device, not a regular file"
    (tmp_path / "folder").mkdir()
    assert "a folder, not a regular file" in _refused(tmp_path / "folder").message
    link = tmp_path / "to-device"
    link.symlink_to("/dev/null")
    assert "character device" in _refused(link).message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder", "to-device"]


def test_a_path_under_a_file_and_a_name_too_long(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert _refused(tmp_path / "file" / "sub" / "x.xml").message == "cannot write here: a folder on its path is a file"
    assert _refused(tmp_path / ("n" * 300)).message == "cannot write here: File name too long"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.mark.parametrize(("where", "code", "words"), [
    ("compiler.fileio.tempfile.mkstemp", errno.EROFS, "Read-only file system"),
    ("compiler.fileio.os.fsync", errno.ENOSPC, "No space left on device"),
    ("compiler.fileio.os.replace", errno.EPERM, "Operation not permitted"),  # an immutable file
    ("compiler.fileio.os.replace", errno.EACCES, "Permission denied"),
    ("compiler.fileio.os.fchmod", errno.EIO, "Input/output error"),
])
def test_every_os_error_is_clean_and_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str,
                                                        code: int, words: str) -> None:
    target = tmp_path / "game.xml"
    target.write_text("old")

    def failing(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code), "/the/temporary/file")

    monkeypatch.setattr(where, failing)
    error = _refused(target)
    assert error.message == f"cannot write here: {words}"
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.xml"]


def test_a_full_disk_while_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.xml"
    target.write_text("old")
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, handle: object) -> None:
            self.handle = handle

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()  # type: ignore[attr-defined]

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("compiler.fileio.os.fdopen", lambda fd, mode: Full(real_fdopen(fd, mode)))
    assert _refused(target, "x" * 100_000).message == "cannot write here: No space left on device"
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["game.xml"]


def test_check_writable_refuses_before_the_work_and_creates_nothing(tmp_path: Path) -> None:
    (tmp_path / "a_file").write_text("x")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for bad, says in ((tmp_path / "a_file" / "r.html", "a folder on its path is a file"),
                      (fifo, "a FIFO"), (Path("/dev/null"), "a character device"), (tmp_path, "a folder")):
        with pytest.raises(UnwritableError) as caught:
            check_writable(bad)
        assert caught.value.location.path == str(bad) and says in str(caught.value), (bad, caught.value)
    check_writable(tmp_path / "new" / "deeper" / "out.svg")  # folders are made when writing, not now
    check_writable(tmp_path / "a_file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file", "fifo"]
