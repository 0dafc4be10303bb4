"""Text from input (territory, game and file names, messages quoting them) made safe to print.

A name may hold a newline, an escape sequence or a byte that is not UTF-8 (a file name read from disk
keeps such bytes as surrogates): printed raw, a newline can start a line of its own, such as
`::add-mask::` or `::error` in a GitHub workflow log, an escape sequence can drive the terminal, and a
surrogate makes writing the output fail. `visible` shows them as escapes (`\\n`, `\\x1b`, `\\xff`);
`safe_line` also keeps a line from starting with `::`; `html_text` and `xml_text` escape markup too.
"""

from __future__ import annotations

import re

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# C0 and C1 controls, DEL, line and paragraph separators, bidirectional overrides, lone surrogates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_IN_MARKUP = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                               "\ud800-\udfff]")


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8, kept by surrogateescape
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control character, separator, bidirectional override and undecodable byte shown
    as an escape: one line, printable, encodable as UTF-8."""
    return _UNSAFE.sub(_shown, text)


def safe_line(text: str) -> str:
    """`visible(text)`, and never starting with `::` (a GitHub workflow command): such a line gets `./`
    before it (a path still names the same file)."""
    shown = visible(text)
    return "./" + shown if shown.startswith("::") else shown


def html_text(text: str) -> str:
    """`text` for HTML: markup and quotes escaped, control characters and undecodable bytes shown as escapes
    (newlines and tabs kept)."""
    from html import escape  # imported when first used: printing a problem stays cheap

    return escape(_UNSAFE_IN_MARKUP.sub(_shown, text))


def xml_text(text: str) -> str:
    """`text` for XML (SVG) character data: as html_text, quotes left as they are (saxutils.escape's output;
    xml.sax is not imported: it pulls in urllib.request)."""
    shown = _UNSAFE_IN_MARKUP.sub(_shown, text)
    return shown.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attr(text: str) -> str:
    """`text` as a quoted XML attribute value, as saxutils.quoteattr gives it (double quotes, `&quot;` when
    it holds both kinds), unsafe characters shown as in html_text."""
    shown = xml_text(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in shown:
        return f'"{shown}"'
    if "'" not in shown:
        return f"'{shown}'"
    return '"{}"'.format(shown.replace('"', "&quot;"))
