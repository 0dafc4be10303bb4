"""Fix an unknown name the check has one suggestion for (`... 'old' ... (did you mean 'new'?)`): the game XML's
attribute value `old` on the problem's line becomes `new`.

Safe when the two differ only in case (the author evidently meant the known name: only its capitalisation is
restored); unsafe otherwise, as the suggestion is a guess at what the author meant. Either way TripleA reads the
renamed value where it ignored or refused it before (a property's value takes effect, a game that was refused loads),
so the game plays otherwise. Only a whole
attribute value equal to `old` is replaced (a name inside a list of names is left alone), and only when the line
holds one such value or the problem's column picks one.
"""

from __future__ import annotations

import re

from compiler.fixes.model import Fix, TextEdit
from compiler.fixes.reading import Reader
from compiler.fixes.source import attribute_text, attributes_in, column_offset, line_span, xml_encoding
from compiler.problems import Problem

_SUGGESTION = re.compile(r"\(did you mean '([^']+)'\?\)")
_UNKNOWN = re.compile(r"unknown [a-z ]+ '([^']+)'")

# The checks whose message names the unknown name first and a suggestion in `(did you mean '...'?)`.
CODES = ("unknown-option", "unknown-property", "unknown-unit", "unknown-territory", "unknown-player",
         "unknown-resource", "unknown-step-property", "unknown-delegate",
         "unknown-production-rule", "unknown-frontier", "unknown-technology", "unknown-relationship-type",
         "unknown-territory-effect")


def suggestion(message: str) -> tuple[str, str] | None:
    """(the unknown name, the one suggested) of a message, or None when it suggests nothing."""
    suggested = _SUGGESTION.search(message)
    first = _UNKNOWN.match(message)
    if suggested is None or first is None or first.start() >= suggested.start():
        return None
    return first.group(1), suggested.group(1)


def case_only(old: str, new: str) -> bool:
    """Whether `new` is `old` with only its capitalisation changed (the safe kind of rename)."""
    return old != new and old.casefold() == new.casefold()


def fix(problem: Problem, read: Reader) -> list[Fix]:
    """The fix renaming the problem's unknown name to the one suggested."""
    names = suggestion(problem.message)
    loc = problem.location
    if names is None or loc.line < 1:
        return []
    old, new = names
    data = read(loc.path)
    encoding = xml_encoding(data) if data is not None else None
    span = line_span(data, loc.line) if data is not None else None
    if data is None or encoding is None or span is None:
        return []
    candidates = [a for a in attributes_in(data, span[0], span[1], encoding) if a.value == old]
    if len(candidates) > 1:  # the problem's column (at the name's first character) picks one
        at = column_offset(data, span[0], loc.column, encoding)
        candidates = [a for a in candidates if a.start == at]
    if len(candidates) != 1:
        return []
    value = candidates[0]
    text = attribute_text(new, value.quote, encoding)
    if text is None:
        return []
    return [Fix(problem.code, f"rename '{old}' to '{new}'", case_only(old, new),
                (TextEdit(loc.path, value.start, value.end, text),), loc)]
