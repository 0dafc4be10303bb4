"""The YAML document the lift builds: mappings and lists that know their style and comments."""

from __future__ import annotations

from typing import Any


class Map(dict[str, Any]):
    """A mapping written in block style (a line per key) or flow style ({a: 1}), with comments."""

    def __init__(self, data: dict[str, Any] | None = None, flow: bool = False) -> None:
        super().__init__(data or {})
        self.flow = flow
        self.before: dict[str, str] = {}
        self.eol: dict[str, str] = {}


class Seq(list[Any]):
    """A list written in block style (a line per item) or flow style ([a, b])."""

    def __init__(self, data: list[Any] | None = None, flow: bool = False) -> None:
        super().__init__(data or [])
        self.flow = flow


class Literal(str):
    """A multi-line text written as a literal block (|)."""
