"""SIGTERM or SIGINT during an atomic write (compiler.fileio.write_atomic) removes the temporary file beside
the output before the signal takes its course: the process still ends by the signal (SIGTERM) or with
KeyboardInterrupt (SIGINT), the old output is left as it was, and nothing else is left behind."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# writes OUT, signalling itself while the temporary file is written (os.fsync is where the data is flushed)
WRITER = """
import os, signal, sys
import compiler.fileio as fileio
sig = getattr(signal, sys.argv[2])
def fsync_then_signal(fd):
    os.kill(os.getpid(), sig)
    raise AssertionError("the signal did not end the write")
fileio.os.fsync = fsync_then_signal
try:
    fileio.write_atomic(sys.argv[1], "new" * 1000)
except KeyboardInterrupt:
    sys.exit(130)
"""


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", -signal.SIGTERM), ("SIGINT", 130)])
def test_a_signal_during_a_write_leaves_no_temporary_file(tmp_path: Path, name: str, status: int) -> None:
    out = tmp_path / "out.xml"
    out.write_text("old", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", WRITER, str(out), name], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == status, done.stderr
    assert "AssertionError" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xml"]
    assert out.read_text(encoding="utf-8") == "old"


def test_the_handlers_before_a_write_are_restored(tmp_path: Path) -> None:
    from compiler.fileio import write_atomic

    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    write_atomic(tmp_path / "x.txt", "x")
    assert {s: signal.getsignal(s) for s in before} == before
    assert (tmp_path / "x.txt").read_text(encoding="utf-8") == "x"
