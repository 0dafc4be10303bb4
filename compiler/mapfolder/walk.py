"""Walking a folder tree and reading a map's files without leaving the map folder.

`walk_files` lists the files below a folder iteratively (no recursion, so a tree thousands of folders deep
cannot exhaust the stack), never enters a folder that is a symbolic link, and stops at `MAX_WALK_DEPTH`
levels or `MAX_WALK_ENTRIES` entries, saying so. `outside_link` tells whether a file's path, through its
symbolic links, leads out of the folder it belongs to (a `centers.txt` linked to `/etc/passwd`): such a
file is refused (code `outside-link`), never read. `climbs_out` tells the same of a zip member's name
(`../x`, `/etc/x`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from compiler.problems import InputError, Location

MAX_WALK_DEPTH = 64
"""the deepest folder a walk enters below its start (real map repositories nest a handful of levels)"""
MAX_WALK_ENTRIES = 500_000
"""the most files and folders a walk looks at"""
CODE = "outside-link"


@dataclass
class Walk:
    """The files below a folder ('/'-separated, relative to it, in path order) and, when the walk stopped
    early, why and where."""

    files: list[str] = field(default_factory=list)
    cut: str | None = None
    cut_at: str = ""

    def refuse(self) -> None:
        """InputError (code `unreadable`, located where the walk stopped) when the walk was cut."""
        if self.cut is not None:
            raise InputError(self.cut, Location(self.cut_at), "unreadable")


def walk_files(folder: Path, max_depth: int = MAX_WALK_DEPTH, max_entries: int = MAX_WALK_ENTRIES) -> Walk:
    """Every file below `folder` (symbolic links to files included, symlinked folders not entered)."""
    walk = Walk()
    seen = 0
    stack: list[tuple[str, str, int]] = [(str(folder), "", 0)]
    while stack:
        path, rel, depth = stack.pop()
        try:
            with os.scandir(path) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError:
            continue
        seen += len(listed)
        if seen > max_entries:
            walk.cut, walk.cut_at = f"folder holds more than {max_entries} files and folders: refused", str(folder)
            return walk
        folders = []
        for entry in listed:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = not is_dir and entry.is_file()
            except OSError:
                continue
            if is_dir:
                if depth + 1 > max_depth:
                    walk.cut, walk.cut_at = f"folders nest more than {max_depth} levels deep: refused", entry.path
                    return walk
                folders.append((entry.path, f"{rel}{entry.name}/", depth + 1))
            elif is_file:
                walk.files.append(rel + entry.name)
        stack.extend(reversed(folders))
    walk.files.sort(key=lambda f: f.split("/"))  # as paths sort: folder by folder
    return walk


def outside_link(path: Path, within: Path) -> str | None:
    """Where `path` leads when a symbolic link on its way takes it out of the folder `within` (its real
    path), else None (no link, or links that stay inside)."""
    try:
        real, home = os.path.realpath(path), os.path.realpath(within)
    except (OSError, ValueError):
        return None
    if real == home or real.startswith(home.rstrip(os.sep) + os.sep):
        return None
    return real


def refuse_outside(path: Path, within: Path, what: str = "map file") -> None:
    """InputError (code `outside-link`, located at the link) when `path` leads out of `within`."""
    target = outside_link(path, within)
    if target is not None:
        raise InputError(f"{what} is a symbolic link to {target}, outside the map folder {within}: not followed",
                         Location(str(path)), CODE)


def climbs_out(member: str) -> bool:
    """Whether a zip member's name leaves the zip's folder when unpacked: absolute, a drive, or `..`."""
    name = member.replace("\\", "/")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return True
    return ".." in PurePosixPath(name).parts
