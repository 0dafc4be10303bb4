"""Which map folder `compile --into FOLDER` installs a game into, and where that map keeps its files.

FOLDER is a map folder (a map maker's checkout or one map of TripleA's downloaded maps), or TripleA's
downloaded-maps folder itself, in which the map is chosen by the game's map name as TripleA finds a map
(InstalledMapsListing: the name of each map's map.yml, compared with case, spaces, dashes and underscores
ignored). A map folder is one of TripleA 2.x's layouts (the project's map reader, compiler/mapfolder,
reads the same):

    FOLDER/map.yml  FOLDER/map/polygons.txt ...  FOLDER/map/games/*.xml     (a map repository)
    FOLDER/map.yml  FOLDER/polygons.txt ...      FOLDER/games/*.xml         (flat)

map.yml may be missing (an old map): TripleA then writes one itself, named after the folder, and so does
the install. The texts files (notifications.properties ...) lie beside `games/`, with the point files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from compiler.limits import read_text
from compiler.mapfolder.map_yml import MapDescription, read_map_yml
from compiler.mapfolder.source import MAP_YML
from compiler.problems import InputError, Location

NOT_A_MAP = "not-a-map-folder"
OTHER_MAP = "other-map"
POLYGONS = "polygons.txt"


@dataclass(frozen=True)
class MapTarget:
    """A map folder to install into: the folder, its map.yml (read; None when it has none) and the
    folder holding its text files and `games/` (the content root)."""

    folder: Path
    content: Path
    description: MapDescription | None
    map_yml_text: str | None

    @property
    def map_yml(self) -> Path:
        return self.folder / MAP_YML

    @property
    def games(self) -> Path:
        return self.content / "games"

    @property
    def map_name(self) -> str:
        """The map's name as TripleA knows it: map.yml's map_name, else the folder's name (which TripleA
        gives the map.yml it writes for a map without one)."""
        if self.description is not None and self.description.map_name:
            return self.description.map_name
        return self.folder.name


def normalized(map_name: str) -> str:
    """A map name as TripleA compares map names (InstalledMapsListing.normalizeName)."""
    return re.sub("[_ -]", "", map_name.lower())


def _content_root(folder: Path) -> Path | None:
    """Where the map's text files and games/ are: FOLDER/map, or FOLDER itself when its point files or
    games/ are there; None when FOLDER has neither (not a map)."""
    if (folder / POLYGONS).is_file() or (folder / "games").is_dir() and not (folder / "map").is_dir():
        return folder
    if (folder / "map").is_dir():
        return folder / "map"
    return None


def _read(folder: Path) -> MapTarget | None:
    """The map of `folder`, None when it is not a map folder; InputError when its map.yml is one TripleA
    rejects (the install would not be offered)."""
    content = _content_root(folder)
    yml = folder / MAP_YML
    if content is None:
        return None
    if not yml.is_file():
        return MapTarget(folder, content, None, None)
    text = read_text(yml, "map file")
    description, problems = read_map_yml(str(yml), text)
    if problems or description is None:
        first = problems[0] if problems else None
        where = first.location if first is not None else Location(str(yml))
        why = first.message if first is not None else "unreadable"
        raise InputError(f"cannot install into a map whose map.yml TripleA rejects ({why}): fix it first "
                         "(`validate` lists every problem)", where, NOT_A_MAP)
    return MapTarget(folder, content, description, text)


def _inside_map_folder(folder: Path) -> str:
    """A hint when FOLDER is the `map/` (or `games/`) folder inside a map folder."""
    for parent in (folder.parent, folder.parent.parent):
        if (parent / MAP_YML).is_file():
            return f" (give the map folder that holds map.yml: {parent})"
    return ""


def find_target(folder: Path, map_name: str | None, any_map: bool = False) -> MapTarget:
    """The map folder `folder` names for a game of map `map_name`; InputError (located at the folder)
    when it is not a map folder, or not the game's map (unless `any_map`)."""
    if not folder.is_dir():
        what = "no such folder" if not folder.exists() else "not a folder"
        raise InputError(f"{what}: --into takes a map folder", Location(str(folder)), NOT_A_MAP)
    if not (folder / MAP_YML).is_file() and _content_root(folder) is None:
        found = _among_downloaded_maps(folder, map_name)
        if found is not None:
            return found
        hint = _inside_map_folder(folder)
        raise InputError("not a map folder: no map.yml, no map/ folder, no polygons.txt or games/ folder"
                         f"{hint}", Location(str(folder)), NOT_A_MAP)
    if not (folder / MAP_YML).is_file() and (folder.parent / MAP_YML).is_file():
        raise InputError(f"inside a map folder{_inside_map_folder(folder)}", Location(str(folder)), NOT_A_MAP)
    target = _read(folder)
    assert target is not None  # a content root exists, or map.yml does (then FOLDER is the content root)
    if map_name is not None and not any_map and not _same_map(target, map_name):
        raise InputError(f"the game is for map '{map_name}', but this folder holds map '{target.map_name}': "
                         "TripleA would draw the game on another map's board (--any-map installs it anyway)",
                         Location(str(target.map_yml if target.description else folder)), OTHER_MAP)
    return target


def _same_map(target: MapTarget, map_name: str) -> bool:
    """Whether the game's map is the folder's map: its map.yml's name, or the folder's own name (a map's
    repository and its download are named so: aggression_1939 holds map_name aggression_1941)."""
    wanted = normalized(map_name)
    return wanted in (normalized(target.map_name), normalized(target.folder.name))


def _among_downloaded_maps(folder: Path, map_name: str | None) -> MapTarget | None:
    """The map named `map_name` among the map folders in `folder` (TripleA's downloaded-maps folder),
    None when `folder` holds no map folder; InputError when it holds maps but not this one."""
    maps = []
    for child in sorted(p for p in folder.iterdir() if p.is_dir()):
        if (child / MAP_YML).is_file() or _content_root(child) is not None and (child / "map").is_dir():
            maps.append(child)
    if not maps:
        return None
    if map_name is None:
        raise InputError("a folder of maps: the game names no map to choose among them", Location(str(folder)),
                         NOT_A_MAP)
    for child in maps:
        try:
            target = _read(child)
        except InputError:
            continue  # a map TripleA rejects is not installed for TripleA either
        if target is not None and _same_map(target, map_name):
            return target
    raise InputError(f"a folder of {len(maps)} maps, none of them map '{map_name}' (download the map in "
                     "TripleA first, or give its folder)", Location(str(folder)), NOT_A_MAP)
