"""The spec document of a game model: each construct lifted by its module, the rest passed through."""

from __future__ import annotations

from compiler.gcpause import gc_paused
from compiler.lift.attachments import lift_attachments, lift_placements
from compiler.lift.context import Lift
from compiler.lift.dump import dump_spec
from compiler.lift.map import lift_canals, lift_connections, lift_territories
from compiler.lift.nodes import Map
from compiler.lift.objectives import lift_objectives
from compiler.lift.players import lift_players, lift_relationship_types, lift_relationships, lift_resources
from compiler.lift.political_actions import lift_political_actions
from compiler.lift.properties import lift_game, lift_properties
from compiler.lift.sequence import lift_delegates, lift_sequence
from compiler.lift.units import lift_production, lift_units
from compiler.lift.values import block, flow
from compiler.lift.victory import lift_victory
from compiler.model import GameModel


def lift_model(g: GameModel) -> Map:
    """The spec of a game model, as a ruamel mapping ready to dump (keys in the spec's order)."""
    lift = Lift(g)
    spec = block()
    spec["game"], taken_properties = lift_game(g)
    if g.variables:
        spec["variables"] = block({v.name: flow(list(v.elements)) for v in g.variables})
    if g.resources:
        spec["resources"] = lift_resources(lift)
    players = lift_players(lift)
    spec["players"] = players
    if g.relationship_types:
        spec["relationship_types"] = lift_relationship_types(lift)
    relationships = lift_relationships(lift)
    if relationships is not None:
        spec["relationships"] = relationships
    if g.territory_effects:
        spec["territory_effects"] = flow(list(g.territory_effects))
    units, taken_rules = lift_units(lift)
    if units:
        spec["units"] = units
    territories, placements = lift_territories(lift)
    spec["territories"] = territories
    if g.connections:
        spec["connections"] = lift_connections(lift)
    canals = lift_canals(lift)
    if canals:
        spec["canals"] = canals
    production = lift_production(lift, taken_rules, players)
    if production:
        spec["production"] = production
    delegates = lift_delegates(g)
    if delegates:
        spec["delegates"] = delegates
    if g.steps:
        spec["sequence"] = lift_sequence(g)
    if g.offset_round is not None:
        spec["offset_round"] = g.offset_round
    if g.technologies:
        spec["technology"] = block({"techs": block({t.name: t.tech for t in g.technologies})})
    actions = lift_political_actions(lift)
    if actions:
        spec.setdefault("politics", block())["actions"] = actions
    objectives = lift_objectives(lift)
    if objectives:
        spec["objectives"] = objectives
    victory = lift_victory(lift)
    if victory:
        spec["victory"] = victory
    properties = lift_properties(g, taken_properties)
    if properties:
        spec["properties"] = properties
    attachments = lift_attachments(lift)
    if attachments:
        spec["attachments"] = attachments
    if placements:
        spec["placements"] = lift_placements(placements)
    _comment(spec, g, len(attachments))
    return spec


def _comment(spec: Map, g: GameModel, raw: int) -> None:
    """Say above each section what was recognised in it."""
    notes = {
        "territories": f"{len(g.territories)} territories with production, owner, capital, victory city and units",
        "connections": f"{len(g.connections)} connections, each pair once",
        "sequence": f"{len(g.steps)} steps; standard delegates are declared by lowering",
        "objectives": "national objectives (objectiveAttachment rulesAttachments)",
        "victory": "victory triggers with their conditions",
        "attachments": f"{raw} attachments kept as they are, in document order",
    }
    for key, note in notes.items():
        if key in spec:
            spec.before[key] = note


def import_text(g: GameModel, header: str | None = None) -> str:
    """The YAML text of the spec lifted from `g`, under an optional comment header."""
    with gc_paused():
        return dump_spec(lift_model(g), header)
