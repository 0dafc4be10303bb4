"""Go to definition, find references and rename, from a game's (or spec's) name index."""

from __future__ import annotations

from lsprotocol import types as lsp

from compiler.lsp.analysis import Analysis
from compiler.lsp.documents import Documents, map_dir_of, uri_of
from compiler.lsp.names import PLAYER, RESOURCE, TERRITORY, UNIT, NameIndex, Occurrence, index_xml
from compiler.lsp.textpos import offset_of, position

RENAMEABLE = (TERRITORY, UNIT, PLAYER, RESOURCE)


class _Lines:
    """The lines of the files named, read once per request."""

    def __init__(self, docs: Documents) -> None:
        self.docs = docs
        self.cache: dict[str, list[str]] = {}

    def __call__(self, path: str) -> list[str]:
        if path not in self.cache:
            self.cache[path] = self.docs.lines(path)[0]
        return self.cache[path]


def _range(lines: list[str], occ: Occurrence) -> lsp.Range:
    return lsp.Range(start=position(lines, occ.line, occ.start), end=position(lines, occ.line, occ.end))


def _location(lines_of: _Lines, occ: Occurrence) -> lsp.Location:
    return lsp.Location(uri=uri_of(occ.path), range=_range(lines_of(occ.path), occ))


def under_cursor(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None) -> Occurrence | None:
    """The name occurrence at the cursor, checked against the buffer's text now (the index may be a version
    behind)."""
    if analysis is None:
        return None
    lines, _ = docs.lines(path)
    line, index = offset_of(lines, pos)
    occ = analysis.index.at(path, line, index)
    if occ is None or lines[line][occ.start:occ.end] != occ.name:
        return None
    return occ


def definition(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None) -> list[lsp.Location] | None:
    occ = under_cursor(docs, path, pos, analysis)
    if occ is None or analysis is None:
        return None
    lines_of = _Lines(docs)
    found = [o for o in analysis.index.occurrences[(occ.kind, occ.name)] if o.defines]
    return [_location(lines_of, o) for o in found] or None


def references(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None,
               include_declaration: bool = True) -> list[lsp.Location] | None:
    occ = under_cursor(docs, path, pos, analysis)
    if occ is None or analysis is None:
        return None
    lines_of = _Lines(docs)
    return [_location(lines_of, o) for o in analysis.index.occurrences[(occ.kind, occ.name)]
            if include_declaration or not o.defines]


def prepare_rename(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None) -> lsp.Range | None:
    occ = under_cursor(docs, path, pos, analysis)
    if occ is None or occ.kind not in RENAMEABLE:
        return None
    return _range(docs.lines(path)[0], occ)


def sibling_games(docs: Documents, game: str) -> list[NameIndex]:
    """The name indexes of the other game XMLs of `game`'s map folder (their buffers when open, else the files)."""
    map_dir = map_dir_of(game)
    if map_dir is None:
        return []
    indexes = []
    for other in sorted(str(p) for p in (map_dir / "games").glob("*.xml")):
        if other != game:
            index = NameIndex()
            index_xml(index, other, docs.text(other) or "")
            indexes.append(index)
    return indexes


def rename(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None,
           new_name: str) -> lsp.WorkspaceEdit | None:
    """Every place the name under the cursor is written, renamed: one edit per occurrence, over the game XML, the
    other game XMLs of its map folder that name it (the map files are theirs too), the map folder's files (or the
    spec); a name that is already taken (in any game of the map) or that the files cannot hold is refused."""
    occ = under_cursor(docs, path, pos, analysis)
    if occ is None or analysis is None or occ.kind not in RENAMEABLE:
        return None
    bad = next((ch for ch in new_name if ch in "\"<>&:\r\n"), None)
    if not new_name.strip() or new_name != new_name.strip() or bad is not None:
        raise ValueError(f"'{new_name}' cannot be a {occ.kind} name"
                         + (f" (it holds {bad!r})" if bad else " (blank at its start or end)"))
    if new_name in analysis.index.names[occ.kind] and new_name != occ.name:
        raise ValueError(f"there is already a {occ.kind} named '{new_name}'")
    found = list(analysis.index.occurrences[(occ.kind, occ.name)])
    for index in sibling_games(docs, analysis.path):
        if occ.name not in index.names[occ.kind]:
            continue  # a game without the name: the map files' lines of it serve only the games renamed
        if new_name in index.names[occ.kind] and new_name != occ.name:
            other = index.occurrences[(occ.kind, new_name)][0].path if index.occurrences[(occ.kind, new_name)] \
                else "another game of this map"
            raise ValueError(f"there is already a {occ.kind} named '{new_name}' in {other}")
        found += index.occurrences[(occ.kind, occ.name)]
    lines_of = _Lines(docs)
    changes: dict[str, list[lsp.TextEdit]] = {}
    for o in found:
        changes.setdefault(uri_of(o.path), []).append(lsp.TextEdit(range=_range(lines_of(o.path), o),
                                                                   new_text=new_name))
    return lsp.WorkspaceEdit(changes=changes)
