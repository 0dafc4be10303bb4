"""Find the game XMLs and the map text files in a path: an XML file, a map folder or a map zip."""

from __future__ import annotations

import itertools
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from compiler.limits import SharedZip, file_type, is_zip, read_file, read_member, shared_zip
from compiler.mapfolder.texts import GEOMETRY_POINT_FILES, POINT_FILES
from compiler.mapfolder.walk import CODE as OUTSIDE_LINK
from compiler.mapfolder.walk import climbs_out, outside_link, refuse_outside, walk_files
from compiler.problems import InputError, Location

if TYPE_CHECKING:
    from collections.abc import Iterable
# the .properties files TripleA reads text from (politicstext: political actions, actionstext: user actions)
MAP_TEXT_FILES = (*POINT_FILES, "map.properties", "notifications.properties", "politicstext.properties",
                  "actionstext.properties", "objectives.properties",
                  "tooltips.properties")
MAP_YML = "map.yml"  # the map's description: its name and the games it offers (TripleA 2.6+)
_READINGS = itertools.count(1)


@dataclass(frozen=True)
class MapFiles:
    """The text files of one map (name -> (display path, text), map.yml included when the map has
    one) and the display paths of its game XMLs; picklable for worker processes."""

    root: str
    files: dict[str, tuple[str, str]] = field(default_factory=dict)
    games: tuple[str, ...] = ()
    not_utf8: frozenset[str] = frozenset()
    """the point files (polygons.txt ...) that are not UTF-8, which TripleA cannot read"""
    reading: int = field(default_factory=lambda: next(_READINGS), compare=False)
    """which reading of the folder this is: what is derived from the folder (its file index) is kept per
    reading, shared by its games (in worker processes too) and never reused after the folder is read again"""

    def get(self, name: str) -> tuple[str, str] | None:
        return self.files.get(name)

    @property
    def is_map(self) -> bool:
        return any(name in self.files for name in GEOMETRY_POINT_FILES)


@dataclass(frozen=True)
class GameInput:
    """One game XML to validate: where to show it, how to read it, and its map (if any)."""

    path: str
    zip_path: str | None = None
    member: str | None = None
    map_files: MapFiles | None = None
    refused: str | None = None
    """why the game is not read (a symbolic link out of its map folder), else None"""

    def read_bytes(self) -> bytes:
        """The XML bytes; raise InputError when they cannot be read (compiler/limits.py) or are refused."""
        if self.refused is not None:
            raise InputError(self.refused, Location(self.path), OUTSIDE_LINK)
        if self.zip_path is None:
            return read_file(self.path, "game XML")
        return read_member(shared_zip(self.zip_path).archive, self.member or "", self.path, "game XML")


def _game_file(xml: Path, within: Path, map_files: MapFiles | None = None) -> GameInput:
    """A game XML of a folder; refused (not read) when a symbolic link takes it out of `within`."""
    target = outside_link(xml, within)
    refused = None if target is None else (
        f"game XML is a symbolic link to {target}, outside the map folder {within}: not followed")
    return GameInput(str(xml), map_files=map_files, refused=refused)


def _decode(data: bytes, name: str = "") -> str:
    """A map file's text: a point file as TripleA reads it (UTF-8, a byte-order mark kept as a character);
    other files UTF-8 without their byte-order mark; Latin-1 where UTF-8 fails (see `_not_utf8`)."""
    try:
        return data.decode("utf-8" if name in POINT_FILES else "utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _not_utf8(raw: dict[str, bytes]) -> frozenset[str]:
    """The point files among `raw` (name -> bytes) that UTF-8 cannot decode."""
    bad = set()
    for name, data in raw.items():
        if name in POINT_FILES:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                bad.add(name)
    return frozenset(bad)


def _zip_map_yml_candidates(root: str) -> list[str]:
    """Where the map.yml of the zip folder `root` ("" or ending in "/") that holds `games/` may be,
    as in load_map_dir: beside `games/`, then one level up (beside `map/`, as in map repositories)."""
    if not root:
        return [MAP_YML]
    parent = PurePosixPath(root).parent
    return [root + MAP_YML, MAP_YML if parent == PurePosixPath(".") else f"{parent}/{MAP_YML}"]


def load_map_dir(map_dir: Path) -> MapFiles:
    """The text files, map.yml and game XMLs of a map folder (the folder that holds `games/`)."""
    raw: dict[str, tuple[str, bytes]] = {}
    for name in MAP_TEXT_FILES:
        p = map_dir / name
        if p.is_file():
            refuse_outside(p, map_dir)
            raw[name] = str(p), read_file(p, "map file")
    for candidate in (map_dir / MAP_YML, map_dir.parent / MAP_YML):
        if candidate.is_file():
            refuse_outside(candidate, candidate.parent)
            raw[MAP_YML] = str(candidate), read_file(candidate, "map file")
            break
    games = tuple(str(p) for p in sorted((map_dir / "games").glob("*.xml")) if p.is_file())
    return _map_files(str(map_dir), raw, games)


def _map_files(root: str, raw: dict[str, tuple[str, bytes]], games: tuple[str, ...]) -> MapFiles:
    """The MapFiles of `raw` (name -> (display path, bytes)), each file decoded as TripleA reads it."""
    files = {name: (shown, _decode(data, name)) for name, (shown, data) in raw.items()}
    return MapFiles(root, files, games, _not_utf8({name: data for name, (_, data) in raw.items()}))


def _discover_dir(path: Path) -> list[GameInput]:
    walk = walk_files(path)
    walk.refuse()
    xmls = [path / f for f in walk.files if f.endswith(".xml") and PurePosixPath(f).parent.name == "games"]
    if not xmls:  # not a map folder: a folder of game XMLs
        plain = [path / f for f in walk.files if f.endswith(".xml") and "/" not in f]
        if plain:
            return [_game_file(p, path) for p in plain]
        raise InputError("no game XML found (expected games/*.xml or map/games/*.xml)", Location(str(path)), "no-games")
    maps: dict[Path, MapFiles] = {}
    out = []
    for xml in xmls:
        map_dir = xml.parent.parent
        if map_dir not in maps:
            maps[map_dir] = load_map_dir(map_dir)
        out.append(_game_file(xml, map_dir, maps[map_dir]))
    return out


def _discover_zip(path: Path) -> list[GameInput]:
    shown = str(path)
    shared = shared_zip(path)
    climbing = next((n for n in shared.archive.namelist() if climbs_out(n)), None)
    if climbing is not None:
        raise InputError("zip member's name climbs out of the zip's folder (../ or an absolute path): refused",
                         Location(f"{shown}!/{climbing}"), OUTSIDE_LINK)
    xmls = [n for n in shared.names if n.endswith(".xml") and PurePosixPath(n).parent.name == "games"]
    if not xmls:
        raise InputError("no game XML found in zip (expected games/*.xml)", Location(shown), "no-games")
    by_root: dict[str, list[str]] = {}
    for member in xmls:
        root = str(PurePosixPath(member).parent.parent)
        by_root.setdefault("" if root == "." else root + "/", []).append(member)
    present = frozenset(shared.names)
    out: list[GameInput] = []
    for root, members in by_root.items():
        map_files = _zip_map(shared, shown, root, present, members)
        out.extend(GameInput(f"{shown}!/{m}", zip_path=shown, member=m, map_files=map_files) for m in members)
    out.sort(key=lambda g: g.member or "")
    return out


def _zip_map(shared: SharedZip, shown: str, root: str, present: frozenset[str], xmls: Iterable[str]) -> MapFiles:
    """The text files, map.yml and game XMLs (`xmls`, its games/*.xml) of the map under `root` ("" or
    ending in "/") of a zip."""
    zf = shared.archive
    raw: dict[str, tuple[str, bytes]] = {}
    wanted = [(name, root + name) for name in MAP_TEXT_FILES]
    yml = next((c for c in _zip_map_yml_candidates(root) if c in present), None)
    if yml is not None:
        wanted.append((MAP_YML, yml))
    for name, member in wanted:
        if member in present:
            raw[name] = f"{shown}!/{member}", read_member(zf, member, f"{shown}!/{member}")
    games = tuple(f"{shown}!/{x}" for x in xmls)
    return _map_files(f"{shown}!/{root}", raw, games)


def discover(path: Path) -> list[GameInput]:
    """Every game XML in `path` (a game XML, a map folder or a map zip); InputError if none."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        missing = isinstance(exc, FileNotFoundError)
        raise InputError("no such file or folder" if missing else f"cannot read: {exc.strerror or exc}",
                         Location(str(path)), "unreadable") from None
    if stat.S_ISDIR(mode):
        return _discover_dir(path)
    if not stat.S_ISREG(mode):
        raise InputError(f"{file_type(mode)}, not a regular file: refused", Location(str(path)), "unreadable")
    if is_zip(path):
        return _discover_zip(path)
    map_files = None
    if path.parent.name == "games":
        candidate = load_map_dir(path.parent.parent)
        map_files = candidate if candidate.is_map else None
    return [GameInput(str(path), map_files=map_files)]
