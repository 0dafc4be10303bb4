"""Build the sdist and wheel from a clean copy of the project; install the wheel in a fresh venv and run it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from reference_data import ROOT

# Left behind by editable installs, earlier builds and tools; a stale egg-info would even feed
# its SOURCES.txt into the sdist and hide a file that MANIFEST.in or package-data forgot.
_JUNK = shutil.ignore_patterns(".git", "*.egg-info", "__pycache__", ".*_cache", ".venv", ".benchmarks")
_ROOT_JUNK = {"build", "dist"}
_SCRUBBED_ENV = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV", "CONDA_PREFIX")


@dataclass(frozen=True)
class Dists:
    source: Path  # the copy of the project they were built from
    sdist: Path
    wheel: Path


def _ignore(directory: str, names: list[str]) -> set[str]:
    junk = set(_JUNK(directory, names))
    if Path(directory) == ROOT:
        junk |= _ROOT_JUNK & set(names)
    return junk


def tail(result: subprocess.CompletedProcess[str], lines: int = 40) -> str:
    """The last lines of a command's output, for assertion messages."""
    return "\n".join((result.stdout + result.stderr).splitlines()[-lines:])


def build_dists(workdir: Path) -> Dists:
    """`python -m build` (the wheel is built from the sdist) on a copy of the project without build junk."""
    source = workdir / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=_ignore)
    out = workdir / "dist"
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                            capture_output=True, text=True, cwd=workdir, env=clean_env(), timeout=600)
    assert result.returncode == 0, f"python -m build failed:\n{tail(result)}"
    [sdist] = out.glob("*.tar.gz")
    [wheel] = out.glob("*.whl")
    return Dists(source=source, sdist=sdist, wheel=wheel)


def clean_env(venv: Path | None = None) -> dict[str, str]:
    """This process's environment without anything that could point Python at the repository."""
    env = {key: value for key, value in os.environ.items() if key not in _SCRUBBED_ENV}
    if venv is not None:
        env["VIRTUAL_ENV"] = str(venv)
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


@dataclass(frozen=True)
class Venv:
    """A fresh virtual environment (no system site-packages) holding the installed wheel."""

    path: Path

    @property
    def python(self) -> Path:
        return self.path / "bin" / "python"

    def _setup(self, command: list[str | Path], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, capture_output=True, text=True, env=env, cwd=self.path.parent, timeout=900)

    def create(self, base_python: Path) -> subprocess.CompletedProcess[str]:
        """`python -m venv`; its failure tells that the interpreter cannot make one (no ensurepip)."""
        return self._setup([base_python, "-m", "venv", self.path], clean_env())

    def install(self, wheel: Path, constraints: Path | None = None) -> subprocess.CompletedProcess[str]:
        """pip-install the wheel: not editable, dependencies from the package index (pip's cache helps), the
        newest its ranges allow, or those `constraints` pins.

        --no-compile: byte-compiling every dependency up front costs more than the few modules a run imports.
        """
        pinned: list[str | Path] = ["-c", constraints] if constraints is not None else []
        return self._setup([self.python, "-m", "pip", "install", "--no-input", "--disable-pip-version-check", "-q",
                            "--no-compile", *pinned, wheel], clean_env(self.path))

    def versions(self) -> dict[str, str]:
        """Installed distribution -> version (names lower-case, '_' as '-')."""
        result = self._setup([self.python, "-m", "pip", "list", "--format", "json", "--disable-pip-version-check"],
                             clean_env(self.path))
        assert result.returncode == 0, result.stderr
        return {d["name"].lower().replace("_", "-"): d["version"] for d in json.loads(result.stdout)}

    def run(self, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
        """A command of the venv (`triplea-compiler`, `python`) run in `cwd`, which is never the repository."""
        assert not cwd.resolve().is_relative_to(ROOT), f"{cwd} is inside the repository"
        command = [str(self.path / "bin" / str(args[0])), *map(str, args[1:])]
        return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=clean_env(self.path),
                              timeout=300)

    def package_facts(self, cwd: Path) -> dict[str, str]:
        """Where `compiler` is imported from, its version, and how pip recorded the install."""
        code = ("import compiler, json, sysconfig; from importlib.metadata import distribution as d; "
                "print(json.dumps({'file': compiler.__file__, 'version': compiler.__version__, "
                "'purelib': sysconfig.get_paths()['purelib'], "
                "'direct_url': d('triplea-compiler').read_text('direct_url.json') or ''}))")
        result = self.run("python", "-c", code, cwd=cwd)
        assert result.returncode == 0, result.stderr
        facts: dict[str, str] = json.loads(result.stdout)
        return facts
