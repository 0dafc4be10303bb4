"""Lower technologies and each player's tech categories."""

from __future__ import annotations

from compiler.model import GameModel, PlayerTech, TechCategory, TechName
from compiler.spec.models import Spec


def lower_technology(spec: Spec, game: GameModel) -> None:
    if spec.technology is not None:
        for name, tech in spec.technology.techs.items():
            game.technologies.append(TechName(name=name, tech=tech, loc=spec.where("technology", "techs", name)))
    for player, p in spec.players.items():
        if p is None or not p.tech:
            continue
        loc = spec.where("players", player, "tech")
        categories = [TechCategory(name=c, techs=list(t), loc=loc) for c, t in p.tech.items()]
        game.player_techs.append(PlayerTech(player=player, categories=categories, loc=loc))
