"""The files the server sees: open buffers over the files on disk, and what kind each file is (a game XML,
a map folder's text file, a spec)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from urllib.parse import quote, unquote, urlparse

from compiler.lsp.textpos import split_lines
from compiler.mapfolder import GameInput, MapFiles
from compiler.mapfolder.source import MAP_TEXT_FILES, MAP_YML, load_map_dir
from compiler.mapfolder.texts import POINT_FILES
from compiler.problems import InputError

MAP_READING_KEPT = 30.0


class Kind(Enum):
    """What a file is to the server."""

    GAME = "game XML"
    MAP_FILE = "map file"
    SPEC = "spec"
    OTHER = "other"


def path_of(uri: str) -> str:
    """The file system path of a file: URI (the URI itself for another scheme)."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def uri_of(path: str) -> str:
    """The file: URI of an absolute path."""
    return "file://" + quote(str(Path(path)), safe="/:")


def kind_of(path: str) -> Kind:
    """A game XML (*.xml), a map folder's text file (the point files, the .properties files, map.yml) or a spec
    (*.yaml/*.yml under a specs/ folder, or naming no map folder)."""
    p = Path(path)
    if p.suffix.lower() == ".xml":
        return Kind.GAME
    if p.name in MAP_TEXT_FILES or p.name == MAP_YML or p.suffix == ".properties" or p.name in POINT_FILES:
        return Kind.MAP_FILE
    if p.suffix in (".yaml", ".yml"):
        return Kind.SPEC
    return Kind.OTHER


def map_dir_of(path: str) -> Path | None:
    """The map folder (the one holding games/) of a game XML or a map text file, if it has one."""
    p = Path(path)
    if p.suffix.lower() == ".xml":
        return p.parent.parent if p.parent.name == "games" else None
    for folder in (p.parent, p.parent / "map"):
        if (folder / "games").is_dir():
            return folder
    return None


@dataclass(frozen=True)
class BufferInput(GameInput):
    """A game XML whose text comes from an editor's buffer (its path is the file's)."""

    data: bytes = b""

    def read_bytes(self) -> bytes:
        return self.data


class Documents:
    """Open buffers (path -> (text, version)) over the files on disk; safe to read from worker threads."""

    def __init__(self) -> None:
        self._open: dict[str, tuple[str, int]] = {}
        self._lines: dict[str, tuple[int, list[str], list[int]]] = {}  # path -> (version, lines, line starts)
        # each map folder's last reading and when it was made: kept while its texts are alike, for MAP_READING_KEPT
        # seconds at most (its images and other files may change on disk) or until a save or a watched file changes
        self._maps: dict[Path, tuple[MapFiles, float]] = {}
        self._lock = threading.Lock()

    def set(self, path: str, text: str, version: int) -> None:
        with self._lock:
            self._open[path] = (text, version)

    def close(self, path: str) -> None:
        with self._lock:
            self._open.pop(path, None)
            self._lines.pop(path, None)

    def lines(self, path: str) -> tuple[list[str], list[int]]:
        """The lines of a file (split_lines) and the offset of each line's start in the text with \n line ends;
        kept per version of an open buffer."""
        entry = self._open.get(path)
        cached = self._lines.get(path)
        if entry is not None and cached is not None and cached[0] == entry[1]:
            return cached[1], cached[2]
        lines = split_lines(entry[0] if entry is not None else self.text(path) or "")
        starts = [0]
        for line in lines[:-1]:
            starts.append(starts[-1] + len(line) + 1)
        if entry is not None:
            self._lines[path] = (entry[1], lines, starts)
        return lines, starts

    def is_open(self, path: str) -> bool:
        return path in self._open

    def open_paths(self) -> list[str]:
        with self._lock:
            return list(self._open)

    def version(self, path: str) -> int | None:
        entry = self._open.get(path)
        return entry[1] if entry is not None else None

    def text(self, path: str) -> str | None:
        """The buffer's text, else the file's (UTF-8, Latin-1 where that fails); None when unreadable."""
        entry = self._open.get(path)
        if entry is not None:
            return entry[0]
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return data.decode("latin-1")

    def read_bytes(self, path: str) -> bytes:
        """The buffer's bytes (UTF-8), else the file's; OSError when neither can be read."""
        entry = self._open.get(path)
        return entry[0].encode("utf-8") if entry is not None else Path(path).read_bytes()

    def map_files(self, map_dir: Path) -> MapFiles | None:
        """The map folder's text files, open buffers in place of the files; None when it cannot be read. The same
        reading while the texts are unchanged: what the checks derive from it (its file index) is kept."""
        try:
            loaded = load_map_dir(map_dir)
        except InputError:
            return None
        with self._lock:
            files = {name: (shown, self._open[shown][0] if shown in self._open else text)
                     for name, (shown, text) in loaded.files.items()}
        last, made_at = self._maps.get(map_dir, (None, 0.0))
        if last is not None and time.monotonic() - made_at < MAP_READING_KEPT and last.files == files \
                and last.games == loaded.games and last.not_utf8 == loaded.not_utf8:
            return last
        made = MapFiles(loaded.root, files, loaded.games, loaded.not_utf8)
        self._maps[map_dir] = (made, time.monotonic())
        return made

    def forget_map_readings(self) -> None:
        """Read the map folders afresh next time (a file was saved, created or deleted)."""
        self._maps.clear()

    def game_input(self, path: str) -> GameInput:
        """The game XML `path` to validate, from its buffer when open, with its map folder's files."""
        map_dir = map_dir_of(path)
        map_files = self.map_files(map_dir) if map_dir is not None else None
        if map_files is not None and not map_files.is_map:
            map_files = None
        entry = self._open.get(path)
        if entry is None:
            return GameInput(path, map_files=map_files)
        return BufferInput(path, map_files=map_files, data=entry[0].encode("utf-8"))
