"""Lower a spec into the game model: each high-level construct expands in its own module."""

from __future__ import annotations

from compiler.engines import family
from compiler.lower.attachments import raw_attachments
from compiler.lower.initial import lower_initial
from compiler.lower.map import (
    canal_attachments,
    lower_connections,
    lower_territories,
    territory_attachment,
)
from compiler.lower.objectives import objective_attachments
from compiler.lower.players import (
    lower_player_initial,
    lower_players,
    lower_relationship_types,
    lower_relationships,
    lower_resources,
    player_attachments,
)
from compiler.lower.political_actions import political_action_attachments, political_action_problems
from compiler.lower.politics import politics_attachments
from compiler.lower.properties import lower_properties
from compiler.lower.sequence import lower_sequence
from compiler.lower.technology import lower_technology
from compiler.lower.units import lower_production, lower_unit_types, unit_attachments
from compiler.lower.values import text
from compiler.lower.victory import victory_attachments, victory_properties
from compiler.model import GameModel, Info, Variable
from compiler.model.expand import variable_table
from compiler.problems import Problem
from compiler.spec.models import Spec

DEFAULT_LOADER = "games.strategy.triplea.TripleA"


def lower_spec(spec: Spec, engine: str | None = None) -> tuple[GameModel, list[Problem]]:
    """The game model of `spec` and the problems found while lowering it (checks run later)."""
    engine = engine or spec.engine
    info = spec.game
    game = GameModel(info=Info(name=info.name, version=info.version, loc=info.loc), loc=spec.loc,
                     source=spec.loc.path)
    game.loader = info.loader or (DEFAULT_LOADER if family(engine) == "1.9" else None)
    game.minimum_version = info.minimum_version
    game.dice_sides = text(info.dice_sides) or None
    game.variables = [Variable(name=k, elements=v, loc=spec.where("variables", k)) for k, v in spec.variables.items()]
    variable_table(game.variables)  # InputError for variables that expand beyond the limit
    problems: list[Problem] = []
    lower_territories(spec, game)
    lower_connections(spec, game)
    lower_resources(spec, game)
    lower_players(spec, game)
    lower_unit_types(spec, game)
    relationship_attachments = lower_relationship_types(spec, game)
    game.territory_effects = list(spec.territory_effects)
    problems += lower_sequence(spec, game)
    problems += lower_production(spec, game)
    lower_technology(spec, game)
    raw, generate_problems = raw_attachments(spec)
    problems += generate_problems
    game.attachments = [
        *unit_attachments(spec),
        *(a for name, t in spec.territories.items() if t is not None and (a := territory_attachment(name, t))),
        *canal_attachments(spec),
        *player_attachments(spec),
        *relationship_attachments,
        *politics_attachments(spec),
        *objective_attachments(spec),
        *victory_attachments(spec),
        *raw,
        *political_action_attachments(spec),  # after what their conditions name
    ]
    lower_initial(spec, game)
    lower_player_initial(spec, game)
    lower_relationships(spec, game)
    lower_properties(spec, game)
    problems += victory_properties(spec, game)
    problems += political_action_problems(spec, game)
    return game, problems
