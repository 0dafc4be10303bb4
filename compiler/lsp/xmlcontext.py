"""Where a cursor stands in a game XML: in which start tag, in which attribute's value, inside which attachment."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lsprotocol import types as lsp

from compiler.lsp.textpos import offset_of

_ATTR = re.compile(r"([\w:.-]+)\s*=\s*(\"([^\"]*)\"?|'([^']*)'?)")
_TAG_NAME = re.compile(r"<([A-Za-z_][\w.-]*)")
_PARTIAL_NAME = re.compile(r"<([A-Za-z_][\w.-]*)?$")
_ATTACHMENT_TAG = re.compile(r"<attachment\s[^<>]*>", re.S)


@dataclass
class Cursor:
    """The cursor's place: the tag it is in (None: in text), the attribute whose value it is in (with the value,
    the part of it before the cursor, and the value's start offset), or the partial tag name it is typing."""

    tag: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)
    attr: str | None = None
    value: str = ""
    typed: str = ""
    value_start: int = 0
    typing_tag: str | None = None
    in_attr_names: bool = False
    attachment: dict[str, str] = field(default_factory=dict)
    """the attributes of the <attachment> the cursor is inside (for its options)"""
    parent: str | None = None


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1): m.group(3) if m.group(3) is not None else (m.group(4) or "") for m in _ATTR.finditer(text)}


def _enclosing_attachment(text: str, offset: int) -> dict[str, str]:
    """The attributes of the last <attachment> start tag before `offset`, when its element is still open."""
    start = text.rfind("<attachment", 0, offset)
    if start < 0 or text.find("</attachment>", start, offset) >= 0:
        return {}
    m = _ATTACHMENT_TAG.match(text, start)
    return _attrs(m.group(0)) if m else {}


def _parent(text: str, offset: int) -> str | None:
    """The element the cursor is directly inside (a rough stack of the tags before it)."""
    stack: list[str] = []
    window_start = max(0, offset - 20000)
    for m in re.finditer(r"<(/?)([A-Za-z_][\w.-]*)[^<>]*?(/?)>", text[window_start:offset]):
        if m.group(1):
            if m.group(2) in stack:
                while stack and stack.pop() != m.group(2):
                    pass
        elif not m.group(3):
            stack.append(m.group(2))
    return stack[-1] if stack else None


def cursor_at(text: str, offset: int) -> Cursor:
    """The cursor at character `offset` of a game XML's text."""
    lt = text.rfind("<", 0, offset)
    gt = text.rfind(">", 0, offset)
    cur = Cursor()
    if lt <= gt:  # in text between tags
        cur.parent = _parent(text, offset)
        return cur
    inside = text[lt:offset]
    partial = _PARTIAL_NAME.match(inside)
    if partial:
        cur.typing_tag = partial.group(1) or ""
        cur.parent = _parent(text, lt)
        return cur
    name = _TAG_NAME.match(inside)
    if name is None:
        return cur
    cur.tag = name.group(1)
    end = text.find(">", offset)
    cur.attrs = _attrs(text[lt:end if end >= 0 else len(text)])
    # an unclosed quote before the cursor: the cursor is in that attribute's value
    last = None
    for m in _ATTR.finditer(inside):
        last = m
    if last is not None and last.end() == len(inside) and not (last.group(2).endswith(last.group(2)[0])
                                                                 and len(last.group(2)) > 1):
        cur.attr = last.group(1)
        cur.typed = last.group(3) if last.group(3) is not None else (last.group(4) or "")
        cur.value_start = lt + last.start(2) + 1
        cur.value = cur.attrs.get(cur.attr, cur.typed)
    else:
        cur.in_attr_names = True
    if cur.tag == "option":
        cur.attachment = _enclosing_attachment(text, lt)
    cur.parent = _parent(text, lt)
    return cur


def cursor_of(text: str, lines: list[str], starts: list[int], pos: lsp.Position) -> Cursor:
    """The cursor at an LSP position of a game XML (`lines` and their `starts`: Documents.lines)."""
    line, index = offset_of(lines, pos)
    return cursor_at(text.replace("\r\n", "\n") if "\r" in text else text, starts[line] + index)
