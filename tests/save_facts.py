"""What a game read from a save is compared on, with the game read from its XML or spec (tests of compiler/saves)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.engine.state import GameState
from compiler.engine.world import World

# What TripleA makes itself and a game model does not say: the relationship types of a player with itself and with
# the null player, and the names of the default ones for a game that declares none (our reading says Allied, War)
OWN_TYPES = ("self_relation", "null_relation")
DEFAULT_TYPES = {"default_allied_relation": "Allied", "default_war_relation": "War"}


def position(state: GameState) -> tuple[object, ...]:
    """What a position is: owned territories, units per territory by type and owner, resources (none and nothing
    alike), relationships."""
    units = {where: sorted(sum((Counter({(s.type, s.owner): s.count}) for s in stacks), Counter()).items())
             for where, stacks in state.units.items() if stacks}
    relationships = {pair: DEFAULT_TYPES.get(kind, kind) for pair, kind in state.relationships.items()}
    wallets = {p: {r: n for r, n in w.items() if n} for p, w in state.resources.items()}
    return {t: o for t, o in state.owners.items() if o}, units, {p: w for p, w in wallets.items() if w}, relationships


def facts(world: World) -> dict[str, Any]:
    """A world's facts: a canal's land territories as a set (a save keeps them in a set)."""
    return {
        "name": world.name, "players": world.players, "turn_order": world.turn_order, "steps": world.steps,
        "alliance": {p: sorted(a) for p, a in world.alliance.items()},
        "units": world.units, "production": world.production, "capitals": world.capitals, "costs": world.costs,
        "canals": sorted((c.name, sorted(c.sea_zones), sorted(c.territories)) for c in world.canals),
        "territories": world.map.territories, "water": world.map.water,
        "borders": {t: sorted(n) for t, n in world.map.adjacency.items()},
    }


def differences(carried: World, from_game: World) -> dict[str, Any]:
    """Where the world a save carries differs from the game's: facts, relationship archetypes, the start."""
    mine, theirs = facts(carried), facts(from_game)
    found: dict[str, Any] = {k: (v, theirs[k]) for k, v in mine.items() if v != theirs[k]}
    types = [t for t in carried.archetypes if t not in OWN_TYPES]
    archetypes = {t: (carried.archetype(t), from_game.archetype(DEFAULT_TYPES.get(t, t))) for t in types}
    found.update({f"archetype {t}": pair for t, pair in archetypes.items() if pair[0] != pair[1]})
    if carried.initial is None or from_game.initial is None or position(carried.initial) != position(from_game.initial):
        found["start"] = (carried.initial, from_game.initial)
    if not types or not (mine["units"] and mine["territories"]):
        found["nothing compared"] = mine
    return found
