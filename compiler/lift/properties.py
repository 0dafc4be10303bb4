"""Lift the game header (name, version, loader, map name, notes) and the game properties."""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.lift.dump import dump_spec
from compiler.lift.nodes import Literal, Map
from compiler.lift.values import as_int, block, flow, native
from compiler.model import GameModel, Property
from compiler.yamlread import YamlError, read_yaml


def _plain(p: Property, kind: str | None = None) -> bool:
    """Only a value (and the type `kind`) is set."""
    return p.text is None and not p.editable and not p.player and p.kind == kind and p.min is None and p.max is None


def _is_notes(p: Property) -> bool:
    return p.text is not None and p.value == "" and not p.editable and not p.player and p.kind is None \
        and p.min is None and p.max is None


LITERAL_LINES = 12


def _text(value: str) -> Any:
    """A short multi-line text as a literal block when YAML reads it back exactly so; else (and a long
    text, which would take as many lines as in the XML) a quoted string on one line."""
    if "\n" in value and "\r" not in value and value.count("\n") <= LITERAL_LINES:
        literal = Literal(value)
        if _reads_back(literal, value):
            return literal
    return value


def _reads_back(node: Any, value: str) -> bool:
    """Whether the spec reader reads `node`, dumped, back as exactly `value`."""
    try:
        return read_yaml(dump_spec(Map({"text": node})))[0] == {"text": value}
    except YamlError:
        return False


def lift_game(g: GameModel) -> tuple[Map, set[int]]:
    """game: the header; returns the indexes of properties it took (mapName, notes)."""
    out = block({"name": g.info.name})
    if g.info.version is not None:
        out["version"] = g.info.version
    if g.loader is not None:
        out["loader"] = g.loader
    if g.minimum_version is not None:
        out["minimum_version"] = g.minimum_version
    if g.dice_sides is not None and as_int(g.dice_sides) is not None:
        out["dice_sides"] = as_int(g.dice_sides)
    taken: set[int] = set()
    names = Counter(p.name for p in g.properties)
    for index, p in enumerate(g.properties):
        if names[p.name] != 1:
            continue
        if p.name == "mapName" and _plain(p):
            out["map_name"] = p.value
            taken.add(index)
        elif p.name == "notes" and _is_notes(p):
            out["notes"] = _text(p.text or "")
            taken.add(index)
    return out, taken


def _number(value: str) -> int | str:
    number = as_int(value)
    return value if number is None else number


def _property(p: Property) -> Any:
    """A property as the spec writes it: bare when only its value is set. A bare YAML boolean lowers to a
    typed <boolean/> property, so an untyped "true" stays a string and a typed one is a bare boolean."""
    value = native(p.value)
    if _plain(p):
        return p.value if isinstance(value, bool) else value
    if isinstance(value, bool) and _plain(p, "boolean"):
        return value
    fields: dict[str, Any] = {}
    if p.text is None:
        fields["value"] = native(p.value)
    if p.editable:
        fields["editable"] = True
    if p.player:
        fields["player"] = p.player
    if p.kind is not None:
        fields["type"] = p.kind
    if p.min is not None:
        fields["min"] = _number(p.min)
    if p.max is not None:
        fields["max"] = _number(p.max)
    if p.text is not None:
        fields["text"] = _text(p.text)
    return flow(fields) if p.text is None else block(fields)


def lift_properties(g: GameModel, taken: set[int]) -> Map:
    """properties: name -> value, or a mapping for editable/typed ones; a list for a repeated name."""
    out = block()
    for index, p in enumerate(g.properties):
        if index in taken:
            continue
        value = _property(p)
        if p.name not in out:
            out[p.name] = value
            continue
        first = out[p.name]
        if not isinstance(first, list):
            first = [_as_mapping(first)]
            out[p.name] = first
        first.append(_as_mapping(value))
    return out


def _as_mapping(value: Any) -> Any:
    """A repeated property's entry, always a mapping: a bare value as `{value: ...}` of the same meaning
    (a bare boolean is a typed one)."""
    if isinstance(value, dict):
        return value
    return flow({"value": value, "type": "boolean"} if isinstance(value, bool) else {"value": value})
