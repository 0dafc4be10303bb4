"""Fix unknown-map-territory: the misspelt name on the problem's line of the map's territory file (polygons.txt,
centers.txt ...) becomes the territory the message suggests, the rest of the line (its points) as written.

Unsafe: TripleA then reads the line it ignored, for a territory the message only guesses at (its points may have
been drawn for another territory of another game of the map). Only a name found as written at the problem's line
and column, followed by a blank, `(`, `<` or the line's end, is replaced; a file with a lone carriage return
(Java splits lines there, this fixer does not) or that is not UTF-8 gets no fix.
"""

from __future__ import annotations

import re

from compiler.fixes.model import Fix, TextEdit
from compiler.fixes.reading import Reader
from compiler.fixes.source import column_offset, line_span
from compiler.problems import Problem

CODE = "unknown-map-territory"
_MESSAGE = re.compile(r"\A'(.+)' in \S+ is not a territory of this map's games(?: \(the blank [^)]*\))? "
                      r"\(did you mean '(.+)'\?\): TripleA ignores this line")
_AFTER_NAME = (b"", b" ", b"\t", b"(", b"<")


def fix(problem: Problem, read: Reader) -> list[Fix]:
    """The fix writing the suggested territory in place of the misspelt name."""
    found = _MESSAGE.match(problem.message)
    loc = problem.location
    if found is None or loc.line < 1:
        return []
    old, new = found.group(1), found.group(2)
    data = read(loc.path)
    if data is None or data.count(b"\r") != data.count(b"\r\n"):
        return []
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    span = line_span(data, loc.line)
    start = column_offset(data, span[0], max(loc.column, 1), "utf-8") if span is not None else None
    if span is None or start is None:
        return []
    end = start + len(old.encode("utf-8"))
    if data[start:end] != old.encode("utf-8") or end > span[1] or data[end:end + 1] not in _AFTER_NAME \
            and end != span[1]:
        return []
    return [Fix(CODE, f"rename '{old}' to '{new}'", False, (TextEdit(loc.path, start, end, new.encode("utf-8")),),
                loc)]
