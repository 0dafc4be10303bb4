"""Reading a YAML text both ways the spec loader can (libyaml fast path and ruamel), and its comments."""

from __future__ import annotations

import re
from typing import Any

from compiler.yamlread import read_yaml_fast, read_yaml_slowly


def typed(node: Any) -> Any:
    """Data with every value's type kept, so 1, 1.0, True and "1" all differ."""
    if isinstance(node, dict):
        return {str(k): typed(v) for k, v in node.items()}
    if isinstance(node, list):
        return [typed(v) for v in node]
    return (type(node).__name__ if not isinstance(node, str) else "str", repr(node) if isinstance(node, float)
            else str(node) if isinstance(node, str) else node)


def read_both(text: str) -> tuple[Any, Any | None]:
    """(ruamel's reading, libyaml fast path's reading or None when it leaves the text to ruamel)."""
    slow = typed(read_yaml_slowly(text)[0])
    fast = read_yaml_fast(text)
    return slow, None if fast is None else typed(fast[0])


def assert_same_meaning(before: str, after: str) -> None:
    """Both readers give `after` the meaning ruamel gives `before` (YAML 1.2 core schema)."""
    expected, _ = read_both(before)
    slow, fast = read_both(after)
    assert slow == expected
    assert fast is None or fast == expected


def comments(text: str) -> list[str]:
    """Every comment's text in order (a rough scan: '#' after a space, outside double quotes)."""
    found = []
    for line in text.splitlines():
        match = re.search(r"(?:^|\s)(#.*)$", line)
        if match and line[:match.start()].count('"') % 2 == 0:
            found.append(match.group(1).rstrip())
    return found
