"""Spelling of spec values as TripleA text, and option mappings as Option lists."""

from __future__ import annotations

from compiler.model import Option
from compiler.model.game import TRIPLEA_ATTACHMENTS, TRIPLEA_DELEGATES
from compiler.problems import Location
from compiler.spec.models import OptionValue, Scalar

__all__ = ["TRIPLEA_ATTACHMENTS", "TRIPLEA_DELEGATES", "RULES", "TRIGGER", "java_class", "options", "text"]
RULES = TRIPLEA_ATTACHMENTS + "RulesAttachment"
TRIGGER = TRIPLEA_ATTACHMENTS + "TriggerAttachment"


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
    result: list[Option] = []
    if isinstance(values, list):
        for row in values:
            name, value, *count = row
            result.append(Option(name=text(name), value=text(value), count=text(count[0]) if count else "", loc=loc))
        return result
    for name, value in values.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                result.append(
                    Option(name=name, value=text(item.get("value")), count=text(item.get("count")), loc=loc)
                )
            else:
                result.append(Option(name=name, value=text(item), loc=loc))
    return result


def java_class(name: str, package: str) -> str:
    """A short class name ("UnitAttachment") expanded into `package`; full names stay as they are."""
    return name if "." in name else package + name
