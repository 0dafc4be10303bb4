"""Lower the initial state: territory owners and unit placements."""

from __future__ import annotations

from compiler.lower.values import text
from compiler.model import GameModel, TerritoryOwner, UnitPlacement
from compiler.spec.models import Spec


def lower_initial(spec: Spec, game: GameModel) -> None:
    for name, t in spec.territories.items():
        if t is not None and t.owner is not None:
            game.territory_owners.append(TerritoryOwner(territory=name, owner=t.owner,
                                                        loc=spec.where("territories", name, "owner")))
    for name, t in spec.territories.items():
        if t is None:
            continue
        for key, value in t.units.items():
            if isinstance(value, dict):  # player -> {unit: count}
                for unit, count in value.items():
                    game.unit_placements.append(UnitPlacement(
                        unit_type=unit, territory=name, quantity=text(count), owner=key,
                        loc=spec.where("territories", name, "units", key, unit)))
            else:
                game.unit_placements.append(UnitPlacement(
                    unit_type=key, territory=name, quantity=text(value), owner=t.owner,
                    loc=spec.where("territories", name, "units", key)))
    for index, p in enumerate(spec.placements):
        game.unit_placements.append(UnitPlacement(
            unit_type=p.unit, territory=p.territory, quantity=text(p.quantity), owner=p.owner,
            hits_taken=text(p.hits_taken) or None, unit_damage=text(p.unit_damage) or None,
            loc=spec.where("placements", index)))
