"""Reading a TripleA map: a map folder or a map zip as TripleA downloads it.

A map keeps its game XMLs under `games/` (usually `map/games/`) and its text files (polygons.txt,
centers.txt, place.txt, map.properties...) in the folder that holds `games/`; its map.yml (which
games TripleA offers) lies there or one level up, beside `map/` (map_yml reads it).
"""

from compiler.mapfolder.source import GameInput, MapFiles, discover
from compiler.mapfolder.texts import NamedLine, read_names

__all__ = ["GameInput", "MapFiles", "NamedLine", "discover", "read_names"]
