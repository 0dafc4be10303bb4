"""Positions: the validator's 1-based line and column (characters), byte offsets, and LSP's 0-based line and
UTF-16 character."""

from __future__ import annotations

import re

from lsprotocol import types as lsp

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# What ends a token: blanks, quotes, XML punctuation and the separators of option values and map files.
_ENDS_TOKEN = set(" \t\"'<>=:;,()[]{}|/")


_OTHER_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # what str.splitlines also breaks at


def split_lines(text: str) -> list[str]:
    """The lines of `text` as LSP counts them (\\r\\n, \\r and \\n end a line): str.splitlines (a third of the
    time) when the text holds none of the other characters it breaks at, with the empty line after a last break."""
    if any(char in text for char in _OTHER_BREAKS):
        return _LINE_BREAK.split(text)
    lines = text.splitlines()
    if not text or text[-1] in "\r\n":
        lines.append("")
    return lines


def utf16_len(text: str) -> int:
    """How many UTF-16 code units `text` takes."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def utf16_to_index(line: str, character: int) -> int:
    """The index into `line` of the UTF-16 `character` of an LSP position."""
    units = 0
    for i, ch in enumerate(line):
        if units >= character:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def position(lines: list[str], line: int, index: int) -> lsp.Position:
    """The LSP position of character `index` (0-based) of line `line` (0-based)."""
    text = lines[line] if 0 <= line < len(lines) else ""
    return lsp.Position(line=line, character=utf16_len(text[:index]))


def token_range(lines: list[str], line: int, column: int) -> lsp.Range:
    """The range of the token at the validator's `line` and `column` (1-based; 0: unknown): a quoted value
    when the column is just inside its quote, else up to the next blank or punctuation; the whole line when
    the column is unknown, the file's start when the line is."""
    if line <= 0 or line > len(lines):
        return lsp.Range(start=lsp.Position(line=0, character=0), end=lsp.Position(line=0, character=0))
    text = lines[line - 1]
    if column <= 0:
        start = len(text) - len(text.lstrip())
        return lsp.Range(start=position(lines, line - 1, start), end=position(lines, line - 1, len(text)))
    start = min(column - 1, len(text))
    quote = text[start - 1] if start > 0 and text[start - 1] in "\"'" else ""
    if quote:
        end = text.find(quote, start)
        end = len(text) if end < 0 else end
    else:
        end = start
        while end < len(text) and text[end] not in _ENDS_TOKEN:
            end += 1
    if end == start:
        end = min(start + 1, len(text))
    return lsp.Range(start=position(lines, line - 1, start), end=position(lines, line - 1, end))


def offset_position(data: bytes, offset: int) -> lsp.Position:
    """The LSP position of byte `offset` of `data` (UTF-8; lines end in \\n or \\r\\n)."""
    offset = max(0, min(offset, len(data)))
    line = data.count(b"\n", 0, offset)
    start = data.rfind(b"\n", 0, offset) + 1
    return lsp.Position(line=line, character=utf16_len(data[start:offset].decode("utf-8", errors="replace")))


def offset_of(lines: list[str], pos: lsp.Position) -> tuple[int, int]:
    """(line, character index) of an LSP position, clamped to the text."""
    line = min(max(pos.line, 0), max(len(lines) - 1, 0))
    text = lines[line] if lines else ""
    return line, utf16_to_index(text, pos.character)
