"""Find the game XMLs and the map text files in a path: an XML file, a map folder or a map zip."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from compiler.mapfolder.texts import POINT_FILES
from compiler.problems import InputError, Location

MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAP_TEXT_FILES = (*POINT_FILES, "map.properties")


@dataclass(frozen=True)
class MapFiles:
    """The text files of one map (name -> (display path, text)); picklable for worker processes."""

    root: str
    files: dict[str, tuple[str, str]] = field(default_factory=dict)

    def get(self, name: str) -> tuple[str, str] | None:
        return self.files.get(name)

    @property
    def is_map(self) -> bool:
        return any(name in self.files for name in POINT_FILES)


@dataclass(frozen=True)
class GameInput:
    """One game XML to validate: where to show it, how to read it, and its map (if any)."""

    path: str
    zip_path: str | None = None
    member: str | None = None
    map_files: MapFiles | None = None

    def read_bytes(self) -> bytes:
        """The XML bytes; raise InputError when they cannot be read."""
        try:
            if self.zip_path is None:
                return Path(self.path).read_bytes()
            with zipfile.ZipFile(self.zip_path) as zf:
                return _read_member(zf, self.member or "", self.path)
        except OSError as exc:
            raise InputError(f"cannot read file: {exc.strerror or exc}", Location(self.path), "unreadable") from None
        except zipfile.BadZipFile as exc:
            raise InputError(f"cannot read zip: {exc}", Location(self.path), "unreadable") from None


def _read_member(zf: zipfile.ZipFile, member: str, shown: str) -> bytes:
    info = zf.getinfo(member)
    if info.file_size > MAX_MEMBER_BYTES:
        raise InputError(f"zip member is larger than {MAX_MEMBER_BYTES >> 20} MiB", Location(shown), "unreadable")
    with zf.open(info) as fh:
        data = fh.read(MAX_MEMBER_BYTES + 1)
    if len(data) > MAX_MEMBER_BYTES:
        raise InputError(f"zip member is larger than {MAX_MEMBER_BYTES >> 20} MiB", Location(shown), "unreadable")
    return data


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load_map_dir(map_dir: Path) -> MapFiles:
    """The text files of a map folder (the folder that holds `games/`)."""
    files: dict[str, tuple[str, str]] = {}
    for name in MAP_TEXT_FILES:
        p = map_dir / name
        if p.is_file():
            try:
                files[name] = (str(p), _decode(p.read_bytes()))
            except OSError as exc:
                raise InputError(f"cannot read file: {exc.strerror}", Location(str(p)), "unreadable") from None
    return MapFiles(str(map_dir), files)


def _discover_dir(path: Path) -> list[GameInput]:
    xmls = sorted(p for p in path.rglob("*.xml") if p.parent.name == "games" and p.is_file())
    if not xmls:  # not a map folder: a folder of game XMLs
        plain = sorted(p for p in path.glob("*.xml") if p.is_file())
        if plain:
            return [GameInput(str(p)) for p in plain]
        raise InputError("no game XML found (expected games/*.xml or map/games/*.xml)", Location(str(path)), "no-games")
    maps: dict[Path, MapFiles] = {}
    out = []
    for xml in xmls:
        map_dir = xml.parent.parent
        if map_dir not in maps:
            maps[map_dir] = load_map_dir(map_dir)
        out.append(GameInput(str(xml), map_files=maps[map_dir]))
    return out


def _discover_zip(path: Path) -> list[GameInput]:
    shown = str(path)
    try:
        with zipfile.ZipFile(path) as zf:
            names = [n for n in zf.namelist() if not n.endswith("/")]
            xmls = sorted(n for n in names if n.endswith(".xml") and PurePosixPath(n).parent.name == "games")
            if not xmls:
                raise InputError("no game XML found in zip (expected games/*.xml)", Location(shown), "no-games")
            maps: dict[str, MapFiles] = {}
            out = []
            for member in xmls:
                root = str(PurePosixPath(member).parent.parent)
                root = "" if root == "." else root + "/"
                if root not in maps:
                    files = {}
                    for name in MAP_TEXT_FILES:
                        if root + name in names:
                            data = _read_member(zf, root + name, f"{shown}!/{root}{name}")
                            files[name] = (f"{shown}!/{root}{name}", _decode(data))
                    maps[root] = MapFiles(f"{shown}!/{root}", files)
                out.append(GameInput(f"{shown}!/{member}", zip_path=shown, member=member, map_files=maps[root]))
            return out
    except zipfile.BadZipFile as exc:
        raise InputError(f"cannot read zip: {exc}", Location(shown), "unreadable") from None
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", Location(shown), "unreadable") from None


def discover(path: Path) -> list[GameInput]:
    """Every game XML in `path` (a game XML, a map folder or a map zip); InputError if none."""
    if path.is_dir():
        return _discover_dir(path)
    if not path.exists():
        raise InputError("no such file or folder", Location(str(path)), "unreadable")
    if zipfile.is_zipfile(path):
        return _discover_zip(path)
    map_files = None
    if path.parent.name == "games":
        candidate = load_map_dir(path.parent.parent)
        map_files = candidate if candidate.is_map else None
    return [GameInput(str(path), map_files=map_files)]
