"""Small helpers for numeric attribute values."""

from __future__ import annotations


def is_int(text: str | None) -> bool:
    """True when `text` is a (possibly negative) whole number, as Java's Integer.parseInt reads it."""
    if text is None:
        return False
    t = text.strip()
    if t.startswith(("-", "+")):
        t = t[1:]
    return t.isdigit() and text == text.strip() and abs(int(text)) < 2**31


def whole_number(text: str | None) -> int | None:
    """The whole number `text` holds, None when absent or not a whole number."""
    return int(text) if text and is_int(text) else None
