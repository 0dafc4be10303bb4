"""Finding a problem's bytes in a file as its author wrote it: lines, the XML prolog's encoding, attribute values.

Fixers never re-serialise a file (a parser would change quotes, entities, whitespace and line ends); they look up
the bytes a Location points at and replace just those. Only encodings that write ASCII as ASCII are handled
(UTF-8, ISO-8859-x, windows-125x ...): in another one (UTF-16) no fixer finds anything.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from html import unescape

_PROLOG = re.compile(rb"""\A(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']""")
_ATTRIBUTE = re.compile(rb"""([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')""")


def xml_encoding(data: bytes) -> str | None:
    """The encoding the XML prolog declares (UTF-8 without one), or None when it is unknown to Python or does
    not write ASCII as ASCII."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return None
    found = _PROLOG.match(data)
    name = found.group(1).decode("ascii") if found else "utf-8"
    try:
        codec = codecs.lookup(name)
    except LookupError:
        return None
    return codec.name if "<a='\n".encode(codec.name, errors="replace") == b"<a='\n" else None


def line_span(data: bytes, line: int) -> tuple[int, int] | None:
    """[start, end) of 1-based `line` without its line end (LF or CRLF), or None past the end."""
    if line < 1:
        return None
    start = 0
    for _ in range(line - 1):
        start = data.find(b"\n", start)
        if start < 0:
            return None
        start += 1
    end = data.find(b"\n", start)
    end = len(data) if end < 0 else end
    if end > start and data[end - 1:end] == b"\r":
        end -= 1
    return start, end


def full_line_span(data: bytes, line: int) -> tuple[int, int] | None:
    """[start, end) of 1-based `line` with its line end."""
    span = line_span(data, line)
    if span is None:
        return None
    start, end = span
    if data[end:end + 2] == b"\r\n":
        return start, end + 2
    return start, end + 1 if data[end:end + 1] == b"\n" else end


@dataclass(frozen=True, slots=True)
class AttributeValue:
    """An attribute as written: its name, the bytes [start, end) of its value (inside the quotes), its quote
    character, and its value as XML reads it (entities resolved)."""

    name: str
    start: int
    end: int
    quote: bytes
    value: str


def attributes_in(data: bytes, start: int, end: int, encoding: str) -> list[AttributeValue]:
    """Every `name="value"` written within bytes [start, end), in order."""
    found = []
    for match in _ATTRIBUTE.finditer(data, start, end):
        group = 2 if match.group(2) is not None else 3
        raw = match.group(group)
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        found.append(AttributeValue(match.group(1).decode(encoding), match.start(group), match.end(group),
                                    b'"' if group == 2 else b"'", unescape(text) if "&" in text else text))
    return found


def attribute_text(value: str, quote: bytes, encoding: str) -> bytes | None:
    """`value` written as an attribute's content between `quote`s in `encoding`, or None when the encoding cannot
    hold it (a character reference would do, but a name written so is no name the author would recognise)."""
    escaped = value.replace("&", "&amp;").replace("<", "&lt;")
    escaped = escaped.replace('"', "&quot;") if quote == b'"' else escaped.replace("'", "&apos;")
    try:
        return escaped.encode(encoding)
    except UnicodeEncodeError:
        return None


def column_offset(data: bytes, line_start: int, column: int, encoding: str) -> int | None:
    """The byte offset of 1-based character `column` on the line starting at `line_start`, or None."""
    if column < 1:
        return None
    end = data.find(b"\n", line_start)
    text = data[line_start:len(data) if end < 0 else end].decode(encoding, errors="replace")
    if column - 1 > len(text):
        return None
    return line_start + len(text[:column - 1].encode(encoding, errors="replace"))
