"""Typed elements of a TripleA game, mirroring the game XML one element per class.

Every element carries `loc`, its source location (the XML line, or the spec node it was lowered
from). `loc` is excluded from comparisons and dumps, so two games equal in meaning compare equal.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from compiler.problems import NOWHERE, Location

N = TypeVar("N", bound="Node")
_new = object.__new__


class Node(BaseModel):
    """Base of every model element: a source location that never takes part in equality."""

    # defer_build: the schemas are built on first validation or dump, not at import (the XML
    # reader builds elements without validation, so `validate` never needs most of them).
    model_config = ConfigDict(extra="forbid", validate_assignment=False, defer_build=True)

    loc: Location = Field(default=NOWHERE, exclude=True, repr=False)

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]


def int_value(text: str | None, default: int = 0) -> int:
    """A number the model holds as text (a quantity, a count), as an int; `default` when it is not one."""
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return default


# The setters of the four slots every BaseModel instance holds its state in (what object.__setattr__
# would call, without looking them up each time).
_set_dict, _set_fields_set, _set_extra, _set_private = (
    vars(BaseModel)[slot].__set__
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
)


def trusted(cls: type[N], data: dict[str, Any]) -> N:
    """`cls` built from `data` without validation, for makers whose values already have the field
    types (the XML reader; lowering's options and attachments: strings, booleans, lists of them).
    `data` names every field of `cls`, in declaration order (`loc` first), and is used as the
    instance's `__dict__`: the result is the same as `cls(**data)`, in a fraction of the time."""
    obj = _new(cls)
    _set_dict(obj, data)
    _set_fields_set(obj, set(data))
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


class Info(Node):
    name: str
    version: str | None = None


class Variable(Node):
    """A `variableList` entry: `$name$` expands to its elements in attachments."""

    name: str
    elements: list[str]


class Territory(Node):
    name: str
    water: bool = False


class Connection(Node):
    t1: str
    t2: str


class Resource(Node):
    name: str
    is_displayed_for: str | None = None


class Player(Node):
    name: str
    optional: bool = False
    can_be_disabled: bool = False
    default_type: str | None = None
    is_hidden: bool = False


class Alliance(Node):
    player: str
    alliance: str


class Delegate(Node):
    name: str
    java_class: str
    display: str | None = None


class StepProperty(Node):
    name: str
    value: str


class Step(Node):
    name: str
    delegate: str
    player: str | None = None
    max_run_count: str | None = None
    display: str | None = None
    properties: list[StepProperty] = Field(default_factory=list)


class RuleEntry(Node):
    """A cost (resource) or a result (resource or unit) of a production or repair rule."""

    name: str
    quantity: str


class Rule(Node):
    """A productionRule or repairRule."""

    name: str
    costs: list[RuleEntry] = Field(default_factory=list)
    results: list[RuleEntry] = Field(default_factory=list)


class Frontier(Node):
    """A productionFrontier or repairFrontier: an ordered list of rule names."""

    name: str
    rules: list[str] = Field(default_factory=list)
    rule_locs: list[Location] = Field(default_factory=list, exclude=True, repr=False)


class PlayerFrontier(Node):
    """A playerProduction or playerRepair: which frontier a player buys from."""

    player: str
    frontier: str


class TechName(Node):
    name: str
    tech: str = ""


class TechCategory(Node):
    name: str
    techs: list[str] = Field(default_factory=list)


class PlayerTech(Node):
    player: str
    categories: list[TechCategory] = Field(default_factory=list)


class Option(Node):
    name: str
    value: str
    count: str = ""


class Attachment(Node):
    name: str
    attach_to: str
    java_class: str
    type: str = "unitType"
    foreach: str | None = None
    options: list[Option] = Field(default_factory=list)


class TerritoryOwner(Node):
    territory: str
    owner: str


class UnitPlacement(Node):
    unit_type: str
    territory: str
    quantity: str
    owner: str | None = None
    hits_taken: str | None = None
    unit_damage: str | None = None


class HeldUnits(Node):
    unit_type: str
    player: str
    quantity: str


class ResourceGiven(Node):
    player: str
    resource: str
    quantity: str


class Relationship(Node):
    player1: str
    player2: str
    type: str
    round_value: str


class Property(Node):
    """A game property. `kind` is the editor child element (boolean, string, number) if any;
    `text` is the content of a `<value>` child (used for long texts such as notes)."""

    name: str
    value: str = ""
    editable: bool = False
    player: str = ""
    kind: str | None = None
    min: str | None = None
    max: str | None = None
    text: str | None = None
    # min/max given as attributes of <property> (TripleA 2.x reads them; no renderer writes them)
    attr_min: str | None = Field(default=None, exclude=True, repr=False)
    attr_max: str | None = Field(default=None, exclude=True, repr=False)


class GameModel(Node):
    """A whole TripleA game. Lists keep document order; the renderer writes them in that order."""

    info: Info
    loader: str | None = None
    minimum_version: str | None = None
    dice_sides: str | None = None
    variables: list[Variable] = Field(default_factory=list)
    territories: list[Territory] = Field(default_factory=list)
    connections: list[Connection] = Field(default_factory=list)
    resources: list[Resource] = Field(default_factory=list)
    players: list[Player] = Field(default_factory=list)
    alliances: list[Alliance] = Field(default_factory=list)
    unit_types: list[str] = Field(default_factory=list)
    unit_type_locs: list[Location] = Field(default_factory=list, exclude=True, repr=False)
    relationship_types: list[str] = Field(default_factory=list)
    territory_effects: list[str] = Field(default_factory=list)
    delegates: list[Delegate] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    offset_round: str | None = None
    production_rules: list[Rule] = Field(default_factory=list)
    repair_rules: list[Rule] = Field(default_factory=list)
    repair_frontiers: list[Frontier] = Field(default_factory=list)
    production_frontiers: list[Frontier] = Field(default_factory=list)
    player_production: list[PlayerFrontier] = Field(default_factory=list)
    player_repair: list[PlayerFrontier] = Field(default_factory=list)
    technologies: list[TechName] = Field(default_factory=list)
    player_techs: list[PlayerTech] = Field(default_factory=list)
    attachments: list[Attachment] = Field(default_factory=list)
    territory_owners: list[TerritoryOwner] = Field(default_factory=list)
    unit_placements: list[UnitPlacement] = Field(default_factory=list)
    held_units: list[HeldUnits] = Field(default_factory=list)
    resources_given: list[ResourceGiven] = Field(default_factory=list)
    relationships: list[Relationship] = Field(default_factory=list)
    properties: list[Property] = Field(default_factory=list)
    source: str = Field(default="", exclude=True, repr=False)
    # Read from XML only: the sections found (game-level tags, plus "sequence" for gamePlay's) and
    # where <triplea> stands; empty for a game lowered from a spec.
    sections: list[str] = Field(default_factory=list, exclude=True, repr=False)
    minimum_version_loc: Location = Field(default=NOWHERE, exclude=True, repr=False)

    # --- look-ups used by checks, lowering and the engine -------------------------------------
    def territory_names(self) -> set[str]:
        return {t.name for t in self.territories}

    def player_names(self) -> set[str]:
        return {p.name for p in self.players}

    def water_names(self) -> set[str]:
        return {t.name for t in self.territories if t.water}

    def property_value(self, name: str, default: str | None = None) -> str | None:
        for prop in self.properties:
            if prop.name == name:
                return prop.value if prop.text is None else prop.text
        return default

    def alliances_of(self, player: str) -> list[str]:
        return [a.alliance for a in self.alliances if a.player == player]
