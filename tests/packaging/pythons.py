"""The Python versions the package claims (its classifiers) and where their interpreters are here."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from reference_data import ROOT

_CLASSIFIER = re.compile(r"Programming Language :: Python :: (3\.\d+)$")


def claimed_versions() -> list[str]:
    """The `Programming Language :: Python :: 3.X` classifiers of pyproject.toml, oldest first."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = [m.group(1) for c in project["classifiers"] if (m := _CLASSIFIER.match(c))]
    return sorted(found, key=lambda v: tuple(int(part) for part in v.split(".")))


def _candidates(version: str) -> list[Path]:
    """Where an interpreter of `version` may be: this one, pyenv's versions, then PATH."""
    found: list[Path] = []
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        found.append(Path(sys.executable))
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    found += sorted(pyenv_root.glob(f"versions/{version}.*/bin/python{version}"), reverse=True)
    on_path = shutil.which(f"python{version}")
    if on_path:
        found.append(Path(on_path))
    return found


def _reports(python: Path, version: str) -> bool:
    """Whether `python` runs and is `version` (a pyenv shim of an inactive version does not run)."""
    try:
        result = subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                capture_output=True, text=True, timeout=60)
    except OSError:
        return False
    return result.returncode == 0 and result.stdout.strip() == version


def find_python(version: str) -> Path | None:
    """An interpreter of `version` ("3.12") that runs on this machine, or None."""
    return next((python for python in _candidates(version) if _reports(python, version)), None)
