"""The game options a save records: TripleA's GameProperties, as the game XML declared them and the host set them.

GameData keeps two maps: constant properties (name -> value, fixed by the game XML) and editable properties
(name -> a property object whose `value` the host chose before the game began: Low Luck, bids, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from javaobj.v2.beans import JavaInstance, JavaString

from compiler.saves.java import SaveFormatError, get, items, mapping, short_class, text

OptionValue = bool | int | float | str | None
_BOXED = ("Boolean", "Integer", "Long", "Short", "Byte", "Double", "Float")


@dataclass(frozen=True)
class GameOption:
    """One game property: its name, value, whether the host could change it, and TripleA's kind of it."""

    name: str
    value: OptionValue
    editable: bool
    kind: str
    """'boolean', 'number', 'text', or the TripleA property class for another kind (a colour, a file, ...)"""
    minimum: int | None = None
    maximum: int | None = None


def _plain(value: Any) -> tuple[OptionValue, str] | None:
    """A Java primitive, boxed value or String as Python, with its kind; None for an object of another kind."""
    if isinstance(value, bool):
        return value, "boolean"
    if isinstance(value, (int, float)):
        return value, "number"
    if isinstance(value, (str, JavaString)):
        return text(value), "text"
    if isinstance(value, JavaInstance) and short_class(value) in _BOXED:
        inner = get(value, "value")
        if inner is not None:
            return _plain(inner)
    return None


def _constant(name: str, value: Any) -> GameOption:
    plain = _plain(value)
    if plain is None:  # kept, with its kind, rather than guessed
        return GameOption(name, None, False, short_class(value) or type(value).__name__)
    return GameOption(name, plain[0], False, plain[1])


def _editable(name: str, prop: Any) -> GameOption:
    kind = short_class(prop)
    plain = _plain(get(prop, "value"))
    if plain is None:
        return GameOption(name, None, True, kind or type(prop).__name__)
    value, plain_kind = plain
    if kind == "NumberProperty" and isinstance(value, str):  # 1.9 and 2.x keep an int; an odd save may not
        raise SaveFormatError(f"game option {name!r}: a number property holds {value!r}")
    bounds = (get(prop, "min"), get(prop, "max")) if kind == "NumberProperty" else (None, None)
    return GameOption(name, value, True, plain_kind, *(b if isinstance(b, int) else None for b in bounds))


def read_options(game_data: Any) -> list[GameOption] | None:
    """The game's options in the order the game XML declared them (TripleA's `ordering`), any it does not order
    last by name; None when the save keeps no GameProperties (then nothing can be said of its options)."""
    properties = get(game_data, "properties")
    if properties is None:
        return None
    found: dict[str, GameOption] = {}
    for key, value in mapping(get(properties, "constantProperties")).items():
        name = text(key)
        if name is not None:
            found[name] = _constant(name, value)
    for key, prop in mapping(get(properties, "editableProperties")).items():
        name = text(key)
        if name is not None:
            found[name] = _editable(name, prop)
    ordered = [n for n in (text(x) for x in items(get(properties, "ordering"))) if n in found]
    rest = sorted(set(found) - set(ordered))
    return [found[n] for n in dict.fromkeys([*ordered, *rest])]


def played_values(options: list[GameOption] | None) -> dict[str, OptionValue] | None:
    """name -> value of the options a game was played with (World.options); None when the save keeps none."""
    return None if options is None else {option.name: option.value for option in options}
