"""A reader following the README: its steps run in order in a throw-away copy of the project.

The copy holds the files git knows (tracked, and new ones not ignored) under ``<tmp>/<name>/``,
with ``<tmp>/shared`` a symbolic link to the real ``../shared`` when there is one, so the README's
``../shared/...`` paths work. Commands run with bash from the copy's top folder, the installed
``triplea-compiler`` first on PATH, importing this checkout's code.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from markdown_examples import Command, FileWrite, Step

COMMAND_TIMEOUT = 900  # seconds; the oracle example builds TripleA's Java harness first


@dataclass(frozen=True)
class Outcome:
    """What a command did: its exit status and what it printed (stdout and stderr, interleaved)."""

    status: int
    output: str


def project_files(root: Path) -> list[str]:
    """The project's files as git lists them: tracked, plus new files that are not ignored."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=root, capture_output=True, check=True).stdout.decode()
    return sorted({name for name in listed.split("\0") if name})


def copy_project(root: Path, files: list[str], target: Path) -> None:
    """Copy `files` of `root` to `target`, symbolic links as links; listed files gone from disk are left out."""
    for name in files:
        source = root / name
        if not source.is_symlink() and not source.is_file():
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination, follow_symlinks=False)


def fingerprints(folder: Path, files: list[str]) -> dict[str, str]:
    """A digest of each file (a link's target for a symbolic link; "missing" when gone)."""
    prints: dict[str, str] = {}
    for name in files:
        path = folder / name
        if path.is_symlink():
            prints[name] = "link:" + os.readlink(path)
        elif path.is_file():
            prints[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            prints[name] = "missing"
    return prints


def command_environment(root: Path) -> dict[str, str]:
    """The environment of the commands: this Python's scripts first on PATH, this checkout's code first."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(root), env.get("PYTHONPATH", "")] if p)
    env["PYTHONUNBUFFERED"] = "1"  # stdout and stderr interleave as at a terminal
    env.pop("PYTEST_ADDOPTS", None)
    return env


class ReadmeSession:
    """Runs the README's steps in order in one copy of the project, each at most once.

    Asking for a step's outcome first runs the earlier steps not yet run (those `runnable`
    allows), so a single selected test sees the files the README made before it.
    """

    def __init__(self, root: Path, shared: Path, workdir: Path, steps: list[Step],
                 runnable: Callable[[Step], bool]) -> None:
        self.copy = workdir / root.name
        self.files = project_files(root)
        copy_project(root, self.files, self.copy)
        if shared.is_dir():
            (workdir / "shared").symlink_to(shared.resolve(), target_is_directory=True)
        self.before = fingerprints(self.copy, self.files)
        self.env = command_environment(root)
        self.steps = steps
        self.runnable = runnable
        self.outcomes: dict[int, Outcome] = {}  # by step index
        self.next = 0

    def outcome(self, command: Command) -> Outcome:
        """Run the steps up to `command` (once) and give what `command` did."""
        index = self.steps.index(command)
        self.run_until(index + 1)
        return self.outcomes[index]

    def run_until(self, end: int) -> None:
        """Run the steps before index `end` that have not run yet."""
        while self.next < end:
            step = self.steps[self.next]
            self.next += 1
            if not self.runnable(step):
                continue
            if isinstance(step, FileWrite):
                path = self.copy / step.path
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(step.text, encoding="utf-8")
            else:
                self.outcomes[self.next - 1] = self.run(step.command)

    def run(self, command: str) -> Outcome:
        done = subprocess.run(["bash", "-c", command], cwd=self.copy, env=self.env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
        return Outcome(done.returncode, done.stdout.decode("utf-8", errors="replace"))

    def changed_files(self) -> list[str]:
        """The copied project files whose content differs from before the examples ran."""
        after = fingerprints(self.copy, self.files)
        return [name for name in self.files if after[name] != self.before[name]]
