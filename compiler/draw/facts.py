"""What the board shows, read from the game model and (optionally) a state of play.

The initial owners and units and the canals come from the engine's reading of the model
(compiler.engine.world), so the picture shows what the engine and the checks see; capitals,
victory cities and impassable land from the territory attachments; straits from the house rules
of a spec (`strait-crossing`, parameter `straits`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from compiler.engine.state import GameState, UnitStack
from compiler.engine.world import build_world
from compiler.model.game import GameModel
from compiler.model.vocabulary import TERRITORY

_FALSE = {"", "0", "false"}


@dataclass
class BoardFacts:
    """The territories of one game and what stands on them."""

    title: str
    territories: list[str]
    water: set[str]
    players: list[str]
    owners: dict[str, str | None] = field(default_factory=dict)
    units: dict[str, list[UnitStack]] = field(default_factory=dict)
    connections: list[tuple[str, str]] = field(default_factory=list)
    canals: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """(canal name, its sea zones)"""
    straits: list[tuple[str, str]] = field(default_factory=list)
    capitals: dict[str, str] = field(default_factory=dict)
    """territory -> the player whose capital it is"""
    victory_cities: set[str] = field(default_factory=set)
    impassable: set[str] = field(default_factory=set)
    round: int | None = None


def straits_of(rules: Iterable[Mapping[str, object]]) -> list[tuple[str, str]]:
    """The straits a spec's house rules name (`strait-crossing` rules, parameter `straits`)."""
    out: list[tuple[str, str]] = []
    for rule in rules:
        if rule.get("id") != "strait-crossing":
            continue
        pairs = rule.get("straits")
        for pair in pairs if isinstance(pairs, list) else []:
            if isinstance(pair, list | tuple) and len(pair) == 2:
                out.append((str(pair[0]), str(pair[1])))
    return out


def board_facts(model: GameModel, state: GameState | None = None,
                straits: Iterable[tuple[str, str]] = ()) -> BoardFacts:
    """The board of `model` at the start of the game, or as `state` has it."""
    world = build_world(model)
    shown = state if state is not None else world.initial
    facts = BoardFacts(
        title=model.info.name or "game",
        territories=[t.name for t in model.territories],
        water=set(world.water),
        players=[p.name for p in model.players],
        connections=[(c.t1, c.t2) for c in model.connections],
        canals=[(c.name, tuple(sorted(c.sea_zones))) for c in world.canals],
        straits=list(straits),
        round=state.round if state is not None else None,
    )
    if shown is not None:
        facts.owners = dict(shown.owners)
        facts.units = {t: list(stacks) for t, stacks in shown.units.items()}
    for attachment in model.attachments:
        if not TERRITORY.describes(attachment):
            continue
        options = {o.name: o.value.strip() for o in attachment.options}
        if options.get("capital"):
            facts.capitals[attachment.attach_to] = options["capital"]
        if options.get("victoryCity", "").lower() not in _FALSE:
            facts.victory_cities.add(attachment.attach_to)
        if options.get("isImpassable", "").lower() == "true":
            facts.impassable.add(attachment.attach_to)
    return facts
