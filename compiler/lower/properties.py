"""Lower game properties (and the game's map name and notes, which TripleA keeps as properties)."""

from __future__ import annotations

from compiler.lower.values import text
from compiler.model import GameModel, Property
from compiler.spec.models import PropertySpec, Spec


def lower_properties(spec: Spec, game: GameModel) -> None:
    info = spec.game
    if info.map_name is not None:
        game.properties.append(Property(name="mapName", value=info.map_name, loc=spec.where("game", "map_name")))
    if info.notes is not None:
        game.properties.append(Property(name="notes", text=info.notes, loc=spec.where("game", "notes")))
    for name, value in spec.properties.items():
        loc = spec.where("properties", name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, PropertySpec):
                game.properties.append(Property(
                    name=name, value=text(item.value), editable=item.editable, player=item.player,
                    kind=item.type, min=text(item.min) if item.min is not None else None,
                    max=text(item.max) if item.max is not None else None, text=item.text,
                    loc=item.loc if isinstance(value, list) else loc))
            else:
                # a YAML boolean is typed, as TripleA 1.9 reads an untyped "false" as text and fails
                kind = "boolean" if isinstance(item, bool) else None
                game.properties.append(Property(name=name, value=text(item), kind=kind, loc=loc))
