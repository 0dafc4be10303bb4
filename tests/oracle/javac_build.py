"""Compile our Java harness sources once per version, into a folder that appears whole or not at all.

Used by kits.py (programs run against an oracle kit) and triplea19.py (programs run against TripleA 1.9).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path


class JavacError(RuntimeError):
    """javac failed or took too long."""


def build_classes(sources: Sequence[Path], class_path: str, classes: Path, marker: str, stale: str,
                  timeout: float) -> Path:
    """`sources` compiled against `class_path` into `classes` (kept when `classes/marker` exists already).

    javac writes into a staging folder renamed to `classes` at the end, so a concurrent build or a killed one
    never leaves a partial folder; afterwards the other folders matching `stale` (older versions) are removed.
    """
    if (classes / marker).is_file():
        return classes
    workdir = classes.parent
    workdir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"{classes.name}-tmp", dir=workdir))
    try:
        done = subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-cp", class_path, "-d", str(staging),
                               *map(str, sources)], capture_output=True, text=True, timeout=timeout, check=False)
        if done.returncode != 0:
            raise JavacError(f"javac failed:\n{done.stderr.strip()}")
        try:
            staging.rename(classes)
        except OSError:  # another process built the same version first
            if not (classes / marker).is_file():
                raise
        for old in workdir.glob(stale):
            if old != classes and "-tmp" not in old.name:
                shutil.rmtree(old, ignore_errors=True)
    except subprocess.TimeoutExpired as exc:
        raise JavacError(f"javac took over {timeout:.0f} s") from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return classes
