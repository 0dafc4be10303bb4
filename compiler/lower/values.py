"""Spelling of spec values as TripleA text, and option mappings as Option lists."""

from __future__ import annotations

from compiler.model import Option
from compiler.model.game import trusted
from compiler.problems import Location
from compiler.spec.models import OptionValue, Scalar

__all__ = ["options", "text"]


def text(value: Scalar | None) -> str:
    """A YAML scalar as TripleA writes it: booleans lower-case, numbers plain."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def options(values: dict[str, OptionValue] | list[list[Scalar]], loc: Location) -> list[Option]:
    """Option elements from a mapping (a list value repeats the option; {value, count} sets count)
    or from a list of [name, value] / [name, value, count] rows."""
    rows: list[tuple[str, str, str]] = []
    if isinstance(values, list):
        for row in values:
            key, said, *count = row
            rows.append((text(key), text(said), text(count[0]) if count else ""))
    else:
        for name, value in values.items():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict):
                    rows.append((name, text(item.get("value")), text(item.get("count"))))
                else:
                    rows.append((name, text(item), ""))
    # every value is text already: the options are built without validation
    return [trusted(Option, {"loc": loc, "name": name, "value": value, "count": count})
            for name, value, count in rows]

