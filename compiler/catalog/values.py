"""Check an option value the way the engine's setter parses it: the one implementation of value
checks. TripleA 2.x: the option's value format (compiler.catalog.formats). TripleA 1.9: the option's
kind (only the kinds whose form is fully clear: numbers, booleans, word choices, chances and counts)."""

from __future__ import annotations

import re

from compiler.catalog.formats import match
from compiler.catalog.model import OptionInfo

_INT = re.compile(r"[+-]?\d+")


def is_int(text: str) -> bool:
    """Java's Integer.parseInt: optional sign, digits, nothing else, within 32 bits."""
    return bool(_INT.fullmatch(text)) and -(2**31) <= int(text) < 2**31


def combined_value(value: str, count: str = "") -> str:
    """The text the setter receives: both engines turn count="N" into a leading "N:"."""
    return f"{count}:{value}" if count else value


def option_problem(info: OptionInfo, value: str, count: str = "") -> str | None:
    """Why the engine's setter refuses `value` (with its `count` attribute, if any) for the option
    `info`, or None. Names are not looked up (the unknown-* checks do that)."""
    if info.format:
        return match(info.format, combined_value(value, count)).problem
    return value_problem(info.kind, value, count)


def value_problem(kind: str, value: str, count: str = "") -> str | None:
    """Why `value` (with its `count` attribute, if any) is not a valid `kind`, or None when it is
    or when the kind's format is not checked here. A count is optional for `count:*` kinds."""
    if kind.startswith("count:"):
        return _count_problem(kind, count)
    value = combined_value(value, count)
    if "$" in value:  # a variable or foreach placeholder, expanded later by the engine
        return None
    low = value.lower()
    if kind == "bool":
        return None if low in ("true", "false") else f"'{value}' is not true or false"
    if kind == "int":
        return None if is_int(value) else f"'{value}' is not an integer"
    if kind == "int_or_bool":
        return None if is_int(value) or low in ("true", "false") else f"'{value}' is not an integer, true or false"
    if kind == "bool_or_default":
        return None if low in ("true", "false", "default") else f"'{value}' is not true, false or default"
    if kind.startswith("enum:"):
        words = kind[5:].split("|")
        return None if low in words else f"'{value}' is not one of {', '.join(words)}"
    if kind == "chance":
        parts = value.split(":")
        ok = len(parts) == 2 and all(is_int(p) for p in parts)
        return None if ok else f"'{value}' is not hits:sides (e.g. 1:6)"
    return None


def _count_problem(kind: str, count: str) -> str | None:
    """A given count must be a number (conditions on territories also take "each")."""
    if not count or "$" in count or kind in ("count:property_value", "count:attachment_name"):
        return None
    if kind == "count:combat_damage":  # a damage range: N, N:M or N-M
        return None if all(is_int(p) for p in re.split(r"[:-]", count)) else f"count '{count}' is not a damage range"
    if is_int(count) or (kind == "count:territories" and count == "each"):
        return None
    return f"count '{count}' is not a number"
