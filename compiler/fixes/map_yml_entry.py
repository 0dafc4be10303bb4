"""Fix map-yml-mismatch for a game XML map.yml does not list: map.yml gets an entry for every unlisted game XML of
the map's games folder, each named after its `<info name>`, written in the style of map.yml's last entry (a flow
`- {game_name: ..., file_name: ...}` or a block entry, its indentation, quotes and line ends) right after it.

Safe: TripleA offers the game it could not offer before and changes nothing else (without map.yml it would offer
every game of the folder under its `<info name>`). Every problem of one map.yml gets the same fix (all its unlisted
games at once, applied once). No fix when an XML has no `<info name>`, its name is already one of map.yml's
`game_name`s (a copy of a listed game: listing it would offer two games of one name), the last entry spans lines
this fixer cannot copy, or map.yml read again would not list exactly the games added.
"""

from __future__ import annotations

import re
from pathlib import Path

from compiler.fixes.model import Fix, TextEdit
from compiler.fixes.reading import Reader
from compiler.fixes.source import attributes_in, column_offset, full_line_span, line_span, xml_encoding
from compiler.mapfolder.map_yml import MapDescription, MapGame, read_map_yml
from compiler.problems import Location, Problem

CODE = "map-yml-mismatch"
_UNLISTED = re.compile(r"map\.yml does not list the game XML '([^']+)'")
_INFO = re.compile(rb"<info\b[^>]*>")
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9 _.()\-]*[A-Za-z0-9_.)]|[A-Za-z_]")
_NOT_TEXT = re.compile(r"(?i:true|false|null)\Z")


def fix(problem: Problem, read: Reader) -> list[Fix]:
    """The fix listing every unlisted game XML of the problem's map.yml."""
    loc = problem.location
    if _UNLISTED.search(problem.message) is None:
        return []
    data = read(loc.path)
    if data is None or data.startswith(b"\xef\xbb\xbf"):
        return []
    try:
        text = data.decode("utf-8")
        description, problems = read_map_yml(loc.path, text)
    except Exception:  # noqa: BLE001 - map.yml TripleA cannot read is map-yml's problem, not this fixer's
        return []
    if description is None or problems or not description.games:
        return []
    folder = _games_folder(Path(loc.path).parent, _name(problem))
    if folder is None:
        return []
    names = {g.game_name.casefold() for g in description.games if g.game_name}
    listed = {g.file_name for g in description.games}
    added: list[tuple[str, str]] = []
    for xml in sorted(p for p in folder.glob("*.xml") if p.is_file() and p.name not in listed):
        name = _info_name(read(str(xml)))
        if name is None or name.casefold() in names:
            continue
        names.add(name.casefold())
        added.append((name, xml.name))
    edit = _insertion(data, description, added) if added else None
    if edit is None:
        return []
    title = "list " + ", ".join(f"'{file}'" for _, file in added) + " in map.yml"
    return [Fix(CODE, title, True, (TextEdit(loc.path, *edit),), loc)]


def _name(problem: Problem) -> str:
    found = _UNLISTED.search(problem.message)
    return found.group(1) if found else ""


def _games_folder(root: Path, unlisted: str) -> Path | None:
    """The games folder beside map.yml or in a folder beside it (a map repository's `map/games`) holding the
    unlisted XML; None when none or several do."""
    candidates = [root / "games", *(p / "games" for p in sorted(root.iterdir()) if p.is_dir())]
    found = [c for c in candidates if (c / unlisted).is_file()]
    return found[0] if len(found) == 1 and unlisted else None


def _info_name(data: bytes | None) -> str | None:
    """The `<info name>` of a game XML as written, or None."""
    encoding = xml_encoding(data) if data is not None else None
    found = _INFO.search(data) if data is not None and encoding is not None else None
    if data is None or encoding is None or found is None:
        return None
    names = [a.value for a in attributes_in(data, found.start(), found.end(), encoding) if a.name == "name"]
    return names[0].strip() or None if len(names) == 1 else None


def _insertion(data: bytes, description: MapDescription, added: list[tuple[str, str]]) -> tuple[int, int, bytes] | None:
    """The edit (start, end, bytes) adding `added` after map.yml's last entry in its style, or None."""
    last = description.games[-1]
    template = _template(data, last)
    if template is None:
        return None
    at, lines, eol = template
    try:
        new = b"".join(_entry(lines, last, data, name, file) for name, file in added)
    except _NoTemplate:
        return None
    text = new if data[at - len(eol):at] == eol else eol + new.removesuffix(eol)
    after = data[:at] + text + data[at:]
    try:
        again, problems = read_map_yml(description.path, after.decode("utf-8"))
    except Exception:  # noqa: BLE001 - an edit that breaks the YAML is no fix
        return None
    wanted = [(g.game_name, g.file_name) for g in description.games] + added
    if again is None or problems or [(g.game_name, g.file_name) for g in again.games] != wanted:
        return None
    return at, at, text


def _template(data: bytes, game: MapGame) -> tuple[int, tuple[int, int], bytes] | None:
    """Where to insert after `game`'s entry, the byte span of its lines, and its line end; None when the entry
    cannot be told apart from the lines around it."""
    first = line_span(data, game.loc.line)
    last_line = max(game.loc.line, game.game_name_loc.line, game.file_name_loc.line)
    last = full_line_span(data, last_line)
    if first is None or last is None:
        return None
    head = data[first[0]:first[1]]
    dash = len(head) - len(head.lstrip(b" "))
    if not head.lstrip(b" ").startswith(b"- "):
        return None
    following = line_span(data, last_line + 1)
    if following is not None:
        line = data[following[0]:following[1]]
        if line.strip() and not line.lstrip().startswith(b"#") and len(line) - len(line.lstrip(b" ")) > dash:
            return None  # the entry goes on (another key): not copied
    eol = data[last[0] + len(data[last[0]:last[1]].rstrip(b"\r\n")):last[1]]
    return last[1], (first[0], last[1]), eol or (b"\r\n" if b"\r\n" in data else b"\n")


def _entry(lines: tuple[int, int], game: MapGame, data: bytes, name: str, file: str) -> bytes:
    """The template entry's lines with its game_name and file_name values replaced by `name` and `file`."""
    spans = []
    for loc, value in ((game.game_name_loc, name), (game.file_name_loc, file)):
        span = _scalar(data, loc)
        if span is None or not lines[0] <= span[0] <= span[1] <= lines[1]:
            raise _NoTemplate
        spans.append((*span, _written(value, data[span[0]:span[0] + 1])))
    out, at = [], lines[0]
    for start, end, text in sorted(spans):
        out += [data[at:start], text]
        at = end
    out.append(data[at:lines[1]])
    return b"".join(out)


class _NoTemplate(ValueError):
    """The template entry's values cannot be found."""


def _scalar(data: bytes, loc: Location) -> tuple[int, int] | None:
    """The bytes [start, end) of the YAML scalar starting at `loc` (quoted, or plain up to `,`, `}`, ` #` or the
    line end, trailing blanks left out)."""
    span = line_span(data, loc.line)
    start = column_offset(data, span[0], loc.column, "utf-8") if span is not None else None
    if span is None or start is None:
        return None
    line_end = span[1]
    quote = data[start:start + 1]
    if quote == b"'":
        at = start + 1
        while (at := data.find(b"'", at, line_end)) >= 0 and data[at + 1:at + 2] == b"'":
            at += 2
        return (start, at + 1) if at >= 0 else None
    if quote == b'"':
        at = start + 1
        while (at := data.find(b'"', at, line_end)) >= 0 and data[at - 1:at] == b"\\":
            at += 1
        return (start, at + 1) if at >= 0 else None
    end = line_end
    for stop in (b",", b"}", b" #"):
        found = data.find(stop, start, end)
        end = found if found >= 0 else end
    return start, start + len(data[start:end].rstrip(b" \t"))


def _written(value: str, quote: bytes) -> bytes:
    """`value` as a YAML text scalar in the template's quoting (plain when that reads back as the same text)."""
    if quote == b'"':
        return ('"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"').encode("utf-8")
    if quote != b"'" and _PLAIN.fullmatch(value) and not _NOT_TEXT.match(value) and ": " not in value:
        return value.encode("utf-8")
    return ("'" + value.replace("'", "''") + "'").encode("utf-8")
