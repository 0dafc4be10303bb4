"""Fix ignored-map-property for a misspelt key (`map.properties key 'K' ... (did you mean 'R'?)`): the key at
the start of the problem's line becomes `R`, its separator and value left as written.

Safe when the two differ only in case (the author evidently meant that key), unsafe otherwise. Either way TripleA
reads the setting afterwards instead of keeping its default, so the map looks otherwise (check the value). Only a
key written plainly (no escapes, no continuation onto the line) is replaced, by a key that needs no escapes.
"""

from __future__ import annotations

import re

from compiler.fixes.model import Fix, TextEdit
from compiler.fixes.reading import Reader
from compiler.fixes.rename import case_only
from compiler.fixes.source import line_span
from compiler.problems import Problem

CODE = "ignored-map-property"
_KEY_MESSAGE = re.compile(
    r"map\.properties key '([^']+)' (?:names no player of this game )?\(did you mean '([^']+)'\?\)")
# "(in 1 of 2 games: ...)": the key may name a player of the map's other games, whom a new spelling would lose
_SOME_GAMES = re.compile(r"\(in \d+ of \d+ games")
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_.\-]+\Z")
_SEPARATORS = b"=: \t\f"


def fix(problem: Problem, read: Reader) -> list[Fix]:
    """The fix respelling the problem's map.properties key."""
    found = _KEY_MESSAGE.search(problem.message)
    loc = problem.location
    if found is None or loc.line < 1 or _SOME_GAMES.search(problem.message):
        return []
    old, new = found.group(1), found.group(2)
    if not (_PLAIN_KEY.match(old) and _PLAIN_KEY.match(new)):
        return []
    data = read(loc.path)
    span = line_span(data, loc.line) if data is not None else None
    if data is None or span is None or loc.line > 1 and _continues(data, loc.line - 1):
        return []
    start, end = span
    text = data[start:end]
    key_start = start + len(text) - len(text.lstrip(b" \t\f"))
    key_end = key_start + len(old)
    if data[key_start:key_end] != old.encode("ascii") or key_end > end or \
            key_end < end and data[key_end] not in _SEPARATORS:
        return []
    return [Fix(CODE, f"respell key '{old}' as '{new}'", case_only(old, new),
                (TextEdit(loc.path, key_start, key_end, new.encode("ascii")),), loc)]


def _continues(data: bytes, line: int) -> bool:
    """Whether `line` ends in an odd number of backslashes (the next line continues it)."""
    span = line_span(data, line)
    if span is None:
        return False
    text = data[span[0]:span[1]]
    stripped = text.lstrip(b" \t\f")
    if not stripped or stripped[:1] in (b"#", b"!"):
        return False
    return (len(text) - len(text.rstrip(b"\\"))) % 2 == 1
