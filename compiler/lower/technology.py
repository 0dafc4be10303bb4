"""Lower technologies and each player's tech categories: one playerTech per block, `{}` an empty one."""

from __future__ import annotations

from compiler.model import GameModel, PlayerTech, TechCategory, TechName
from compiler.spec.models import Spec


def lower_technology(spec: Spec, game: GameModel) -> None:
    if spec.technology is not None:
        for name, tech in spec.technology.techs.items():
            game.technologies.append(TechName(name=name, tech=tech, loc=spec.where("technology", "techs", name)))
    for player, p in spec.players.items():
        if p is None or p.tech is None:
            continue
        blocks = p.tech if isinstance(p.tech, list) else [p.tech]
        for index, block in enumerate(blocks):
            loc = spec.where("players", player, "tech", *((index,) if isinstance(p.tech, list) else ()))
            categories = [TechCategory(name=c, techs=list(t), loc=loc) for c, t in block.items()]
            game.player_techs.append(PlayerTech(player=player, categories=categories, loc=loc))
