"""YAML text shared by the writers of specs (the importer's dumper and `fmt`)."""

from __future__ import annotations

import re

# Characters YAML may not hold as they are (outside its printable set); they are escaped.
NON_PRINTABLE = re.compile(r"[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


def _escape(ch: str) -> str:
    if ch in ('"', "\\"):
        return "\\" + ch
    if ch == "\n":
        return "\\n"
    if ch == "\t":
        return "\\t"
    if NON_PRINTABLE.match(ch):
        code = ord(ch)
        return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return ch


def double_quoted(text: str) -> str:
    """`text` as a YAML double-quoted scalar that reads back as exactly the same string."""
    return '"' + "".join(_escape(ch) for ch in text) + '"'
