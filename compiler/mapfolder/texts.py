"""Parsers for a map's text files: which territory names they mention, and on which line.

- polygons.txt: `Name  <  (x,y) (x,y) ...  >` (the name ends at the first `<`)
- centers.txt, place.txt, capitols.txt...: `Name  (x,y) ...` (the name ends at the first `(`;
  place.txt may end in `| overflowToLeft=...`)
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.problems import Location, Problem, Severity

# file name -> the character that ends the territory name on each line
POINT_FILES: dict[str, str] = {"polygons.txt": "<", "centers.txt": "(", "place.txt": "("}


@dataclass(frozen=True, slots=True)
class NamedLine:
    """A territory name found in a map text file, with its location."""

    name: str
    loc: Location


def read_names(text: str, path: str, stop: str) -> tuple[list[NamedLine], list[Problem]]:
    """The names of a point/polygon file, in order; lines without the marker are problems."""
    names: list[NamedLine] = []
    problems: list[Problem] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cut = line.find(stop)
        if cut <= 0 or not line[:cut].strip():
            problems.append(
                Problem(
                    "map-file-syntax",
                    f"cannot read this line: expected 'name {stop}...'",
                    Location(path, number, 1),
                    Severity.ERROR,
                )
            )
            continue
        name = line[:cut].strip()
        names.append(NamedLine(name, Location(path, number, len(line) - len(line.lstrip()) + 1)))
    return names, problems
