"""Knowledge the engine needs, read once from a GameModel (the map through its `MapView`).

A `World` answers: which territories are water, who borders whom, which alliance a player is in,
what a relationship type means (war, allied, neutral), what a unit type can do (air, sea,
infrastructure, movement), which canals exist, how a step name maps to a phase, and the game's
initial state (owners, units, resources, relationships).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from compiler.engine.state import GameState, UnitStack
from compiler.model import GameModel
from compiler.model.game import int_value
from compiler.model.mapview import Canal, MapView, map_view
from compiler.model.vocabulary import RELATIONSHIP_TYPE, TERRITORY, TRIGGER, UNIT

__all__ = ["ARCHETYPES", "PHASES", "Canal", "Price", "UnitInfo", "World", "build_world", "initial_state"]

ARCHETYPES = ("war", "allied", "neutral")

PHASES = ("combat-move", "noncombat-move", "battle", "purchase", "place", "politics", "end-turn", "other")
"""The phases house rules speak of; `World.phase(step)` maps a step name to one of them."""


@dataclass(frozen=True)
class UnitInfo:
    """What a unit type is, from its unitAttachment."""

    name: str
    is_air: bool = False
    is_sea: bool = False
    movement: int = 0
    is_infrastructure: bool = False
    is_factory: bool = False
    attack: int = 0
    defense: int = 0

    @property
    def is_land(self) -> bool:
        return not (self.is_air or self.is_sea)


@dataclass(frozen=True)
class Price:
    """A production rule's price: `costs` (resource -> amount) for `quantity` units of one type."""

    costs: dict[str, int]
    quantity: int = 1

    def of(self, count: int, resource: str) -> int:
        """What `count` units cost in `resource`: whole rules, as TripleA sells them."""
        return -(-count // max(self.quantity, 1)) * self.costs.get(resource, 0)


def unit_rules(rules: list[tuple[dict[str, int], dict[str, int]]],
               units: Mapping[str, UnitInfo]) -> Iterator[tuple[str, int, dict[str, int]]]:
    """(unit type, quantity made (at least 1), costs) of each of `rules` (costs, results) that makes one known
    unit type; a rule making several things is left out."""
    for cost, results in rules:
        if len(results) != 1:
            continue
        [(unit, quantity)] = results.items()
        if unit in units:
            yield unit, max(quantity, 1), cost


def frontier_prices(rules: list[tuple[dict[str, int], dict[str, int]]],
                    units: Mapping[str, UnitInfo]) -> dict[str, Price]:
    """The cheapest rule (per unit) of each unit type among a frontier's `rules` (costs, results); a rule
    making several things is left out."""
    found: dict[str, Price] = {}
    for unit, quantity, cost in unit_rules(rules, units):
        price = Price(cost, quantity)
        old = found.get(unit)
        if old is None or sum(cost.values()) * old.quantity < sum(old.costs.values()) * price.quantity:
            found[unit] = price
    return found


@dataclass
class World:
    """Static facts of one game (see module docstring)."""

    name: str
    map: MapView
    players: list[str]
    alliance: dict[str, list[str]]
    archetypes: dict[str, str]
    units: dict[str, UnitInfo]
    canals: list[Canal]
    production: dict[str, int]
    steps: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    turn_order: list[str] = field(default_factory=list)
    costs: dict[str, dict[str, int]] = field(default_factory=dict)
    """the cheapest production rule of each unit type in any frontier: resource -> amount per unit"""
    frontier_costs: dict[str, dict[str, Price]] = field(default_factory=dict)
    """production frontier -> the cheapest rule of each unit type in it"""
    player_frontiers: dict[str, list[str]] = field(default_factory=dict)
    """player -> the frontiers it may buy from: the one it starts with (its playerProduction), then those its
    triggers may give it (a trigger's `frontier`); a player missing here buys at `costs`"""
    initial: GameState | None = None
    relationship_rounds: dict[str, int] = field(default_factory=dict)
    """player pair (GameState.pair) -> the round its relationship at the start was made (the game's roundValue,
    TripleA's roundCreated: a condition `relationship: A:B:Type:N` holds once N rounds have passed since)"""
    capitals: dict[str, str] = field(default_factory=dict)
    """territory -> the player whose capital it is"""
    options: dict[str, bool | int | float | str | None] | None = None
    """the game options the game was played with, as a save records them; None when not known (a game XML
    says only what the host starts from, a log nothing)"""

    @property
    def original_owners(self) -> dict[str, str | None]:
        """territory -> its owner at the start of the game (a copy; empty when the game says none)."""
        return dict(self.initial.owners) if self.initial else {}

    # --- the map ---------------------------------------------------------------------------
    @property
    def territories(self) -> set[str]:
        return set(self.map.names)

    @property
    def water(self) -> frozenset[str]:
        return self.map.water

    @property
    def neighbours(self) -> Mapping[str, set[str]]:
        """territory -> the territories it borders."""
        return self.map.adjacency

    def is_land(self, territory: str) -> bool:
        return self.map.is_land(territory)

    def distance(self, start: str, goals: set[str], through: set[str] | None = None) -> int | None:
        """Fewest steps from start to any goal, moving only through `through` (all if None)."""
        return self.map.distance(start, goals, through)

    # --- questions -----------------------------------------------------------------------

    def unit(self, name: str) -> UnitInfo:
        return self.units.get(name) or UnitInfo(name)

    def prices(self, player: str | None) -> list[dict[str, Price]]:
        """The unit prices of each frontier `player` may buy from; the game's cheapest prices (per unit) when
        its frontiers are not known."""
        found = [self.frontier_costs[f] for f in self.player_frontiers.get(player or "", ())
                 if f in self.frontier_costs]
        return found or [{unit: Price(cost) for unit, cost in self.costs.items()}]

    def archetype(self, relationship: str | None) -> str:
        """'war', 'allied' or 'neutral' for a relationship type name."""
        if relationship is None:
            return "neutral"
        if relationship in self.archetypes:
            return self.archetypes[relationship]
        low = relationship.lower()
        for arche in ARCHETYPES:
            if arche in low:
                return arche
        return "neutral"

    def members(self, side: str) -> set[str]:
        """The players of a side: a player name, or every member of an alliance of that name."""
        found = {p for p, alliances in self.alliance.items() if side in alliances}
        return found or {side}

    def phase(self, step: str | None) -> str:
        """The phase of a step: looked up in the game's steps, else guessed from its name."""
        if not step:
            return "other"
        known = self.steps.get(step)
        name = step.lower().replace(" ", "").replace("-", "").replace("_", "")
        delegate = (known[0] if known else "").lower()
        if "noncombat" in name or name.endswith("ncm"):
            return "noncombat-move"
        if "move" in delegate or "combatmove" in name or name.endswith("move"):
            return "combat-move"
        if "battle" in delegate or "battle" in name or name == "combat":
            return "battle"
        if "placebid" in delegate or "place" in delegate or "place" in name:
            return "place"
        if "purchase" in delegate or "bid" in delegate or "purchase" in name:
            return "purchase"
        if "politic" in delegate or "politic" in name:
            return "politics"
        if "endturn" in delegate or "endturn" in name:
            return "end-turn"
        return "other"


def _flag(options: dict[str, str], name: str) -> bool:
    return options.get(name, "").strip().lower() == "true"


def turn_order(steps: list[tuple[str, str | None]]) -> list[str]:
    """The players in the order their steps come ((delegate, player) per step), bid steps left out."""
    order: list[str] = []
    for delegate, player in steps:
        if player and player not in order and "bid" not in delegate.lower():
            order.append(player)
    return order


def unit_costs(rules: list[tuple[dict[str, int], dict[str, int]]],
               units: Mapping[str, UnitInfo]) -> dict[str, dict[str, int]]:
    """The cheapest production rule of each unit type, per unit: `rules` as (costs, results) by name; a rule
    making several things is left out."""
    costs: dict[str, dict[str, int]] = {}
    for unit, per_unit, cost in unit_rules(rules, units):
        mine = {k: v // per_unit for k, v in cost.items()}
        if unit not in costs or sum(mine.values()) < sum(costs[unit].values()):
            costs[unit] = mine
    return costs


def frontiers_of_triggers(triggers: list[tuple[str, dict[str, str]]]) -> dict[str, list[str]]:
    """player -> the frontiers its triggers may give it: (attached player, options) of each triggerAttachment,
    whose `frontier` goes to the `players` it names, else to the player it is attached to."""
    found: dict[str, list[str]] = {}
    for attached, opts in triggers:
        frontier = (opts.get("frontier") or "").strip()
        if not frontier:
            continue
        named = [p.strip() for p in (opts.get("players") or "").split(":") if p.strip()]
        for player in named or [attached]:
            if frontier not in found.setdefault(player, []):
                found[player].append(frontier)
    return found


def build_world(model: GameModel) -> World:
    """Read a World (and the initial GameState) out of a game model."""
    view = map_view(model)
    alliance: dict[str, list[str]] = {p.name: model.alliances_of(p.name) for p in model.players}
    archetypes: dict[str, str] = {}
    units: dict[str, UnitInfo] = {name: UnitInfo(name) for name in model.unit_types}
    production: dict[str, int] = {}
    capitals: dict[str, str] = {}
    for att in model.attachments:  # the engine finds these by name, as TripleA does
        opts = {o.name: o.value for o in att.options}
        if RELATIONSHIP_TYPE.is_named(att.name):
            # TripleA's RelationshipTypeAttachment: archeType war unless the map says otherwise
            archetypes[att.attach_to] = opts.get("archeType", "war").strip().lower()
        elif UNIT.is_named(att.name):
            units[att.attach_to] = UnitInfo(
                att.attach_to,
                is_air=_flag(opts, "isAir"),
                is_sea=_flag(opts, "isSea"),
                movement=int_value(opts.get("movement")),
                is_infrastructure=_flag(opts, "isInfrastructure") or _flag(opts, "isFactory")
                or _flag(opts, "isAA"),
                is_factory=_flag(opts, "isFactory") or _flag(opts, "canProduceUnits"),
                attack=int_value(opts.get("attack")),
                defense=int_value(opts.get("defense")),
            )
        elif TERRITORY.is_named(att.name):
            production[att.attach_to] = int_value(opts.get("production"))
            if opts.get("capital"):
                capitals[att.attach_to] = opts["capital"].strip()
    steps = {s.name: (s.delegate, s.player) for s in model.steps}
    order = turn_order([(s.delegate, s.player) for s in model.steps])
    rules = {rule.name: ({c.name: int_value(c.quantity) for c in rule.costs},
                         {r.name: int_value(r.quantity, 1) for r in rule.results})
             for rule in model.production_rules if len(rule.results) == 1}
    costs = unit_costs(list(rules.values()), units)
    frontier_costs = {f.name: frontier_prices([rules[r] for r in f.rules if r in rules], units)
                      for f in model.production_frontiers}
    triggers = [(att.attach_to, {o.name: o.value for o in att.options})
                for att in model.attachments if TRIGGER.is_named(att.name)]
    player_frontiers = {pf.player: [pf.frontier] for pf in model.player_production}
    for player, extra in frontiers_of_triggers(triggers).items():
        player_frontiers.setdefault(player, []).extend(f for f in extra if f not in player_frontiers[player])
    world = World(
        name=model.info.name,
        map=view,
        players=[p.name for p in model.players],
        alliance=alliance,
        archetypes=archetypes,
        units=units,
        canals=list(view.canals),
        production=production,
        steps=steps,
        turn_order=order,
        costs=costs,
        frontier_costs=frontier_costs,
        player_frontiers=player_frontiers,
        capitals=capitals,
    )
    world.initial = initial_state(model, world)
    return world


def initial_state(model: GameModel, world: World) -> GameState:
    """The state at the start of the game: the model's initialize section."""
    state = GameState(game=model.info.name)
    state.owners = {t.name: None for t in model.territories if t.name not in world.water}
    for to in model.territory_owners:
        state.owners[to.territory] = to.owner
    for up in model.unit_placements:
        owner = up.owner or "Neutral"
        state.units.setdefault(up.territory, []).append(
            UnitStack(type=up.unit_type, owner=owner, count=int_value(up.quantity, 1))
        )
    for rg in model.resources_given:
        state.resources.setdefault(rg.player, {})[rg.resource] = int_value(rg.quantity)
    players = world.players
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            shared = set(world.alliance.get(a, ())) & set(world.alliance.get(b, ()))
            state.relationships[GameState.pair(a, b)] = "Allied" if shared else "War"
    if not model.relationships:
        world.archetypes.setdefault("Allied", "allied")
        world.archetypes.setdefault("War", "war")
    for rel in model.relationships:
        state.relationships[GameState.pair(rel.player1, rel.player2)] = rel.type
        world.relationship_rounds[GameState.pair(rel.player1, rel.player2)] = int_value(rel.round_value)
    return state
