"""TripleA text as spec values, option lists as spec option mappings, and YAML node helpers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, overload

from compiler.lift.nodes import Map, Seq
from compiler.model import Option

_INT = re.compile(r"-?(0|[1-9][0-9]{0,17})")


def as_int(value: str | None) -> int | None:
    """`value` as an int when lowering would spell that int exactly the same, else None."""
    if value is not None and _INT.fullmatch(value) and value != "-0":
        return int(value)
    return None


def native(value: str) -> Any:
    """A TripleA text as the YAML scalar that lowers back to exactly the same text."""
    if value in ("true", "false"):
        return value == "true"
    number = as_int(value)
    return value if number is None else number


@overload
def flow(data: dict[str, Any]) -> Map: ...
@overload
def flow(data: list[Any]) -> Seq: ...
def flow(data: dict[str, Any] | list[Any]) -> Map | Seq:
    """A YAML mapping or list written in flow style ({a: 1} / [a, b])."""
    return Map(data, flow=True) if isinstance(data, dict) else Seq(data, flow=True)


def block(data: dict[str, Any] | None = None) -> Map:
    """A YAML mapping written a line per key."""
    return Map(data)


def _option_value(o: Option) -> Any:
    return flow({"value": native(o.value), "count": native(o.count)}) if o.count else native(o.value)


def options_map(options: Iterable[Option]) -> dict[str, Any]:
    """Options as a mapping: a repeated option becomes a list, an option with a count {value, count}."""
    grouped: dict[str, list[Option]] = {}
    for o in options:
        grouped.setdefault(o.name, []).append(o)
    result: dict[str, Any] = {}
    for name, group in grouped.items():
        values = [_option_value(o) for o in group]
        result[name] = values[0] if len(values) == 1 else flow(values)
    return result


def options_in_order(options: list[Option]) -> bool:
    """True when grouping options by name keeps their order (each name's options are contiguous)."""
    seen: set[str] = set()
    last = None
    for o in options:
        if o.name != last and o.name in seen:
            return False
        seen.add(o.name)
        last = o.name
    return True


def option_rows(options: list[Option]) -> Seq:
    """Options as [name, value] / [name, value, count] rows: any options, in their exact order."""
    return flow([flow([o.name, native(o.value), *([native(o.count)] if o.count else [])]) for o in options])


def unique_keys(items: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """The keys that occur exactly once."""
    counts: dict[tuple[str, str], int] = {}
    for key in items:
        counts[key] = counts.get(key, 0) + 1
    return {k for k, n in counts.items() if n == 1}


def line_length(node: Any) -> int:
    """About how long a node is when written on one line in flow style."""
    if isinstance(node, dict):
        return sum(len(str(k)) + 2 + line_length(v) for k, v in node.items()) + 2
    if isinstance(node, list):
        return sum(line_length(v) + 2 for v in node) + 2
    return len(str(node))
