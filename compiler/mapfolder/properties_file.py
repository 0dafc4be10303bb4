"""Java .properties files as java.util.Properties.load reads them, each entry with its line.

A logical line is `key=value`, `key:value` or `key value`; `#` and `!` start comments; a line ending in an
odd number of backslashes continues on the next (whose leading blanks are dropped). The key ends at the
first unescaped `=`, `:` or blank; blanks before the value, and one `=` or `:`, are skipped; the value keeps
its trailing blanks (Java does not trim them). `\\t`, `\\n`, `\\uXXXX` and `\\x` escapes are undone. A later
entry of a key replaces an earlier one, as in Java.
"""

from __future__ import annotations

from dataclasses import dataclass

_BLANKS = " \t\f"
_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


@dataclass(frozen=True, slots=True)
class PropertyEntry:
    """One key of a .properties file: its value as Java reads it, and the line it starts on."""

    key: str
    value: str
    line: int


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """(first line number, text) of each logical line, continuations joined, comments and blanks dropped."""
    out: list[tuple[int, str]] = []
    parts: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.lstrip(_BLANKS)
        if not parts:
            if not line or line[0] in "#!":
                continue
            start = number
        trailing = len(line) - len(line.rstrip("\\"))
        if trailing % 2:
            parts.append(line[:-1])
            continue
        parts.append(line)
        out.append((start, "".join(parts)))
        parts = []
    if parts:
        out.append((start, "".join(parts)))
    return out


def _unescape(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and i + 6 <= len(text):
                try:
                    out.append(chr(int(text[i + 2:i + 6], 16)))
                    i += 6
                    continue
                except ValueError:
                    pass
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _split(line: str) -> tuple[str, str]:
    """The raw key and value of a logical line."""
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\":
            i += 2
            continue
        if c in "=:" or c in _BLANKS:
            break
        i += 1
    key, rest = line[:i], line[i:]
    rest = rest.lstrip(_BLANKS)
    if rest[:1] in ("=", ":"):
        rest = rest[1:].lstrip(_BLANKS)
    return key, rest


def read_properties(text: str) -> dict[str, PropertyEntry]:
    """key -> its entry (the last one, as Java keeps), in the file's order of first appearance."""
    entries: dict[str, PropertyEntry] = {}
    for number, line in _logical_lines(text):
        raw_key, raw_value = _split(line)
        key = _unescape(raw_key)
        entries[key] = PropertyEntry(key, _unescape(raw_value), number)
    return entries
