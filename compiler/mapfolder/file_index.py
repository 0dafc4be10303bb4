"""Which files a map folder holds, as a case-sensitive system (Linux, macOS) sees their names.

TripleA finds a map's images and property files by exact relative path (`flags/Germans.png`,
`baseTiles/3_2.png`): on Linux and macOS a name differing only in case is not found. The index lists
every file below the map folder (the folder that holds `games/`) by its path relative to it, from:

- the repository's `.listing.tsv` (path TAB size, one file a line, as `git ls-tree -r -l` gives it),
  when the map folder or its parent has one: the public catalogue keeps the text files of a map without
  its images, and the listing says which images the repository has;
- else the folder on disk (every file below it);
- or, for a map zip, the zip's members below the map folder.

Built once per reading of a map folder and process (`index_of`), shared by every game of the folder. TripleA looks an
image up in the map folder first and then among the images its engine ships (`resolves`; the list is
compiler/schemas/catalog/engine_assets.json).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path, PurePosixPath
from typing import TypeVar, cast

from compiler.mapfolder.walk import walk_files
from compiler.packagedata import read_json

LISTING = ".listing.tsv"
IMAGE_EXTENSIONS = (".png", ".gif", ".jpg", ".jpeg")
# The most files an index reads (a listing or a walk beyond it is cut, and says so).
MAX_INDEXED = 500_000


@dataclass(frozen=True)
class FileIndex:
    """The files of a map folder (paths relative to it, '/'-separated) and where the list came from."""

    paths: frozenset[str]
    source: str  # "disk", "listing" or "zip"
    where: str  # the listing file, the folder or the zip it was read from
    sizes: dict[str, int] = field(default_factory=dict, compare=False)

    def has(self, path: str) -> bool:
        """Whether `path` exists exactly so (case-sensitively) in the map folder."""
        return path in self.paths

    def resolves(self, path: str) -> bool:
        """Whether TripleA finds the image `path`: in the map folder, else among its engine's images."""
        return path in self.paths or path in engine_assets()

    @cached_property
    def _folded(self) -> dict[str, list[str]]:
        folded: dict[str, list[str]] = {}
        for p in self.paths:
            folded.setdefault(p.casefold(), []).append(p)
        return folded

    def case_variants(self, path: str) -> list[str]:
        """The files whose path equals `path` but for case (Windows finds them; Linux and macOS do not)."""
        return sorted(p for p in self._folded.get(path.casefold(), ()) if p != path)

    @cached_property
    def has_images(self) -> bool:
        """Whether any image file is listed: a folder without one is a copy of a map's text files."""
        return any(p.lower().endswith(IMAGE_EXTENSIONS) for p in self.paths)

    def under(self, folder: str) -> list[str]:
        """The files directly or indirectly below `folder` ('baseTiles')."""
        prefix = folder.rstrip("/") + "/"
        return sorted(p for p in self.paths if p.startswith(prefix))

    def first(self, candidates: Iterable[str]) -> str | None:
        """The first of `candidates` that exists in the map folder, or None."""
        return next((c for c in candidates if c in self.paths), None)


@cache
def engine_assets() -> frozenset[str]:
    """The images TripleA's engine ships (paths as a map would hold them: flags/Germans.png)."""
    return frozenset(str(f) for f in read_json("engine_assets.json")["files"])


def _from_listing(listing: Path, prefix: str) -> FileIndex | None:
    try:
        text = listing.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    sizes: dict[str, int] = {}
    for line in text.splitlines()[:MAX_INDEXED]:
        path, _, size = line.partition("\t")
        if not path.startswith(prefix):
            continue
        rel = path[len(prefix):]
        try:
            sizes[rel] = int(size.strip())
        except ValueError:
            sizes[rel] = -1
    return FileIndex(frozenset(sizes), "listing", str(listing), sizes)


def _from_disk(folder: Path) -> FileIndex:
    """The files below `folder` (an iterative walk: symlinked folders not entered, depth and count bounded;
    discovery refuses a tree beyond the bounds before any index is built)."""
    walk = walk_files(folder, max_entries=MAX_INDEXED)
    return FileIndex(frozenset(walk.files[:MAX_INDEXED]), "disk", str(folder))


def _from_zip(zip_path: str, prefix: str) -> FileIndex:
    from compiler.limits import shared_zip

    names = shared_zip(zip_path).under(prefix)
    return FileIndex(frozenset(n[len(prefix):] for n in names), "zip", zip_path)


def build_index(root: str) -> FileIndex:
    """The index of the map folder `root` (a folder, or `zip!/folder/` as MapFiles names a zip's map)."""
    if "!/" in root:
        zip_path, _, prefix = root.partition("!/")
        return _from_zip(zip_path, prefix)
    folder = Path(root)
    for listing_dir in (folder, folder.parent):
        listing = listing_dir / LISTING
        if listing.is_file():
            rel = PurePosixPath(folder.relative_to(listing_dir).as_posix())
            prefix = "" if str(rel) == "." else f"{rel}/"
            found = _from_listing(listing, prefix)
            if found is not None:
                return found
    return _from_disk(folder)


def top_files(root: str) -> tuple[str, frozenset[str]] | None:
    """The top folder of the map repository holding the map folder `root` (where map.yml is: the map folder
    itself, or its parent when the map sits in `map/`), and the names of the files directly in it; None
    when no map.yml marks it. A repository's `.listing.tsv` (at its top) is used, not the disk, as above."""
    if "!/" in root:
        zip_path, _, prefix = root.partition("!/")
        from compiler.limits import shared_zip

        shared = shared_zip(zip_path)
        for top in (prefix, str(PurePosixPath(prefix).parent) + "/" if prefix else None):
            if top is None:
                continue
            top = "" if top in ("./", "/") else top
            found = shared.children(top)
            if "map.yml" in found:
                return f"{zip_path}!/{top}", found
        return None
    folder = Path(root)
    for level in (folder, folder.parent):
        listing = level / LISTING
        if listing.is_file():
            try:
                lines = listing.read_text(encoding="utf-8", errors="replace").splitlines()[:MAX_INDEXED]
            except OSError:
                return None
            listed = frozenset(name for line in lines if "/" not in (name := line.partition("\t")[0]))
            return (str(level), listed) if "map.yml" in listed else None
        if (level / "map.yml").is_file():
            return str(level), frozenset(p.name for p in level.iterdir() if p.is_file())
    return None


T = TypeVar("T")
_PER_READING: dict[tuple[Callable[[str], object], str, int], object] = {}


def _once_per_reading(build: Callable[[str], T], root: str, reading: int) -> T:
    """`build(root)`, made once per reading of the folder (MapFiles.reading) and process; what was made from
    earlier readings of `root` is dropped."""
    key = (build, root, reading)
    if key not in _PER_READING:
        for old in [k for k in _PER_READING if k[0] is build and k[1] == root]:
            del _PER_READING[old]
        _PER_READING[key] = build(root)
    return cast(T, _PER_READING[key])


def index_of(root: str, reading: int = 0) -> FileIndex:
    """The index of the map folder `root`, built once per reading of the folder and process."""
    return _once_per_reading(build_index, root, reading)


def top_of(root: str, reading: int = 0) -> tuple[str, frozenset[str]] | None:
    """top_files(root), read once per reading of the folder and process (its games share it)."""
    return _once_per_reading(top_files, root, reading)
