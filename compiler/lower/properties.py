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
        if isinstance(value, PropertySpec):
            game.properties.append(Property(
                name=name, value=text(value.value), editable=value.editable, player=value.player,
                kind=value.type, min=text(value.min) if value.min is not None else None,
                max=text(value.max) if value.max is not None else None, text=value.text, loc=loc))
        else:
            game.properties.append(Property(name=name, value=text(value), loc=loc))
