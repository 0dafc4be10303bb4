"""Pydantic models of the spec language: a TripleA game said once and briefly.

Unknown keys are errors everywhere (typo protection). Values that TripleA keeps as text (option
values, quantities) accept YAML scalars and are normalised to TripleA's spelling when lowered.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, ConfigDict, Discriminator, Field, PrivateAttr, Tag

from compiler import engines
from compiler.problems import Location
from compiler.spec.board_game import BoardGame
from compiler.spec.claims import AnyClaim
from compiler.spec.constructs import ObjectiveSpec, PoliticsSpec, VictoryCitiesSpec, VictorySpec
from compiler.spec.generate import AttachmentOptions, Loop
from compiler.spec.node import OptionValue, Scalar, SpecNode

__all__ = ["OptionValue", "Scalar", "SpecNode"]  # re-exported: the base every spec model builds on

def _known_engine(name: str) -> str:
    """An engine name the tool knows (ValueError, saying what is known, otherwise); kept as written."""
    engines.resolve(name)
    return name


EngineName = Annotated[str, AfterValidator(_known_engine), Field(
    description="the TripleA release the game must load in: latest (the newest release the tool knows), a release "
                "(2026-08, 2.7, 1.9 ...), 2.x (= 2.7) or a full version (2026-08.16.15726)",
    examples=["latest", "2026-08", "2.7", "1.9"])]


class GameInfo(SpecNode):
    name: str
    version: str | None = None
    loader: str | None = Field(None, description="Java game loader class; default for TripleA games")
    minimum_version: str | None = Field(None, description="<triplea minimumVersion>")
    dice_sides: int | None = None
    map_name: str | None = Field(None, description="the map folder the game is drawn on (property mapName)")
    notes: str | None = Field(None, description="HTML notes shown in TripleA (property notes)")


class ResourceSpec(SpecNode):
    displayed_for: str | None = Field(None, description="players (colon list) who see it (2.x)")


TechCategories = dict[str, list[str]]


class PlayerSpec(SpecNode):
    alliance: str | list[str] | None = Field(None, description="alliance name(s) the player belongs to")
    optional: bool = False
    can_be_disabled: bool = False
    default_type: str | None = Field(None, description="Human, AI or DoesNothing")
    hidden: bool = False
    resources: dict[str, int | str] = Field(default_factory=dict, description="resources given at start")
    held_units: dict[str, int | str] = Field(default_factory=dict, description="units to place later")
    frontier: str | list[str] | None = Field(
        None, description="production frontier (default: production.default_frontier; \"\": none); a list when the "
                          "game declares the player's frontier more than once (TripleA sets each in turn)")
    repair_frontier: str | list[str] | None = Field(
        None, description="repair frontier; a list when the game declares it more than once")
    tech: TechCategories | list[TechCategories] | None = Field(
        None, description="tech categories -> techs ({}: a playerTech with no category); a list of them when the "
                          "game has several playerTech for the player (TripleA adds each one's categories)")
    options: dict[str, OptionValue] = Field(default_factory=dict, description="playerAttachment options")


Archetype = Literal["war", "allied", "neutral"]


class RelationshipTypeSpec(SpecNode):
    archetype: Archetype | None = None
    options: dict[str, OptionValue] = Field(default_factory=dict)


class RelationshipPair(SpecNode):
    players: list[str] = Field(min_length=2, max_length=2)
    type: str
    round: int | str | None = Field(None, description="roundValue (default: relationships.round)")


class Relationships(SpecNode):
    """Initial relations: one type within each alliance, one between alliances, then exceptions."""

    within: str | None = Field(None, description="type between players sharing an alliance")
    between: str | None = Field(None, description="type between players of different alliances")
    round: int | str = Field(0, description="roundValue of the within/between relationships")
    pairs: list[RelationshipPair] = Field(default_factory=list)


class UnitSpec(SpecNode):
    declared: int = Field(1, ge=1, description="how many <unit> elements declare it (a game may repeat one; "
                                               "TripleA keeps one unit type)")
    cost: int | dict[str, int] | None = Field(None, description="price in the first resource, or resource->amount")
    buy_quantity: int = Field(1, description="units a purchase gives")
    rule: str | None = Field(None, description="production rule name (default buy<Unit>)")
    movement: int | None = None
    attack: int | None = None
    defense: int | None = None
    options: dict[str, OptionValue] = Field(default_factory=dict, description="other unitAttachment options")


class TerritorySpec(SpecNode):
    water: bool = False
    production: int | None = None
    owner: str | None = None
    capital: str | None = Field(None, description="the player whose capital this is")
    victory_city: bool | int | None = None
    options: dict[str, OptionValue] = Field(default_factory=dict, description="other territoryAttachment options")
    units: dict[str, int | dict[str, int]] = Field(
        default_factory=dict, description="unit -> count (owned by the territory owner), or player -> {unit: count}"
    )


class CanalSpec(SpecNode):
    sea_zones: list[str] = Field(min_length=2, description="the sea zones the canal joins")
    land: list[str] = Field(min_length=1, description="land territories controlling it")
    attachment: str | None = Field(None, description="attachment name (default canalAttachment<Name>)")
    options: dict[str, OptionValue] = Field(default_factory=dict, description="more canalAttachment options")
    closed_when_split: bool = Field(False, description="house rule: closed when its land is split between alliances")


class StraitSpec(SpecNode):
    between: list[str] = Field(min_length=2, max_length=2, description="two land territories")
    condition: Literal["both-friendly-at-start", "any"] = "both-friendly-at-start"
    connect: bool = Field(True, description="also declare the connection")


RuleEntries = dict[str, int | str] | list[dict[str, int | str]]


class RuleSpec(SpecNode):
    cost: RuleEntries = Field(description="{resource: quantity}; a list of them when a resource is named twice")
    result: RuleEntries = Field(description="{unit or resource: quantity}; a list of them when one is named twice")

    @staticmethod
    def entries(value: RuleEntries) -> list[tuple[str, int | str]]:
        """The (name, quantity) pairs of a cost or result, in order, repeats kept."""
        if isinstance(value, dict):
            return list(value.items())
        return [pair for entry in value for pair in entry.items()]


class ProductionSpec(SpecNode):
    rules: dict[str, RuleSpec] = Field(default_factory=dict, description="rules beyond units' own cost")
    frontiers: dict[str, list[str]] = Field(default_factory=dict)
    default_frontier: str | None = None
    repair_rules: dict[str, RuleSpec] = Field(default_factory=dict)
    repair_frontiers: dict[str, list[str]] = Field(default_factory=dict)


class DelegateSpec(SpecNode):
    java_class: str = Field(alias="class")
    display: str | None = None


class PhaseSpec(SpecNode):
    suffix: str
    delegate: str
    display: str | None = None
    max_run_count: int | str | None = None
    properties: dict[str, Scalar] = Field(default_factory=dict)


class TurnsBlock(SpecNode):
    """Steps repeated for each player: step name = player's prefix + phase suffix."""

    players: dict[str, str | None] = Field(description="player -> step name prefix (null: the player name)")
    phases: list[str | PhaseSpec]
    max_run_count: int | str | None = None


class StepSpec(SpecNode):
    step: str
    delegate: str
    player: str | None = None
    max_run_count: int | str | None = None
    display: str | None = None
    properties: dict[str, Scalar] = Field(default_factory=dict)


class TurnsEntry(SpecNode):
    turns: TurnsBlock


def _sequence_kind(value: Any) -> str:
    has_turns = isinstance(value, dict) and "turns" in value or isinstance(value, TurnsEntry)
    return "turns" if has_turns else "step"


SequenceEntry = Annotated[
    Annotated[StepSpec, Tag("step")] | Annotated[TurnsEntry, Tag("turns")], Discriminator(_sequence_kind)
]


class PropertySpec(SpecNode):
    value: Scalar = ""
    editable: bool = False
    player: str = ""
    type: Literal["boolean", "string", "number", "file", "color", "list"] | None = None
    min: int | str | None = None
    max: int | str | None = None
    text: str | None = Field(None, description="long text kept in a <value> element")




class AttachmentSpec(SpecNode):
    """Any TripleA attachment, as is: the pass-through for what the language has no construct for.
    With `for:`, a template made once per combination of its lists (compiler/spec/generate.py)."""

    name: str
    attach_to: str
    java_class: str = Field(alias="class")
    type: str = "unitType"
    foreach: str | None = None
    options: AttachmentOptions = Field(default_factory=dict)
    for_: Loop | None = Field(None, alias="for", description="generated: placeholder -> list name or list; the "
                                                             "entry is made for each combination")
    distinct: list[str] = Field(default_factory=list, description="generated: placeholders that must differ")


class AttachmentGroup(SpecNode):
    """Generated: its attachments made together, in the order written, once per combination of `for:`."""

    for_: Loop = Field(alias="for", description="placeholder -> list name or list")
    distinct: list[str] = Field(default_factory=list, description="placeholders that must differ")
    attachments: list[AttachmentSpec] = Field(min_length=1, description="templates (each may add its own `for:`)")


def _attachment_kind(value: Any) -> str:
    is_group = isinstance(value, AttachmentGroup) or isinstance(value, dict) and "attachments" in value
    return "group" if is_group else "attachment"


AttachmentEntry = Annotated[
    Annotated[AttachmentSpec, Tag("attachment")] | Annotated[AttachmentGroup, Tag("group")],
    Discriminator(_attachment_kind),
]


class PlacementSpec(SpecNode):
    unit: str
    territory: str
    quantity: int | str
    owner: str | None = None
    hits_taken: int | str | None = None
    unit_damage: int | str | None = None


class TechnologySpec(SpecNode):
    techs: dict[str, str] = Field(default_factory=dict, description="tech name -> built-in tech it stands for")


class HouseRuleSpec(SpecNode):
    """A house rule the reference engine checks: its id and parameters."""

    model_config = ConfigDict(extra="allow")
    id: str



Realization = Literal["native", "house-rule", "play-engine", "approximated"]
REALIZATIONS: tuple[str, ...] = get_args(Realization)
"""How a document rule is realised: by the compiled TripleA game, by a house rule of the reference
engine, by the board-game engine of `play` (a game TripleA cannot render), or only approximately."""


class RuleCoverage(SpecNode):
    """One rule of the variant's document, how it is realised, and the proof of it."""

    rule: str
    realization: Realization
    detail: str = ""
    house_rule: str | None = None
    choice: bool = Field(False, description="the document was silent; the value is our choice")
    doc: str | None = Field(None, description="the document rule this row stands for: its id in the list of "
                                              "the document's rules (the document line, with a letter when a "
                                              "line holds several); none for a choice the document is silent on")
    proof: list[AnyClaim] = Field(default_factory=list, description="claims over the compiled game that prove "
                                                                    "the row (compiler/spec/claims.py)")
    unrecorded: str | None = Field(None, description="approximated: the fact that neither TripleA nor a save "
                                                     "records, which is why no house rule can check the rule")




class BaseGame(SpecNode):
    """A game of a map folder or zip, as the base of a variant."""

    map: str = Field(description="the map folder or zip, relative to the spec")
    game: str | None = Field(None, description="the game's name (<info name>); not needed when the map has one game")


class Spec(SpecNode):
    """A variant: everything a TripleA game needs, plus its house rules and rule coverage."""

    base: str | BaseGame | None = Field(
        None, description="the game this spec changes (docs/spec-base.md): a game XML or another spec, relative to "
                          "the spec, or {map:, game:}; the spec's keys are merged into it when the spec is read")
    remove: dict[str, Any] | list[str] | None = Field(
        None, description="what the variant removes from its base, before its changes apply (docs/spec-base.md)")
    game: GameInfo
    engine: EngineName = engines.DEFAULT_ENGINE
    variables: dict[str, list[str]] = Field(default_factory=dict)
    lists: dict[str, list[Scalar | list[Scalar]]] = Field(
        default_factory=dict, description="named lists (or lists of rows) for generated entries (`for:`); not part "
                                          "of the game")
    resources: list[str] | dict[str, ResourceSpec | None] = Field(default_factory=list)
    players: dict[str, PlayerSpec | None]
    relationship_types: list[str] | dict[str, RelationshipTypeSpec | Archetype | None] = Field(default_factory=list)
    relationships: Relationships | None = None
    territory_effects: list[str] = Field(default_factory=list)
    units: dict[str, UnitSpec | None] = Field(default_factory=dict)
    territories: dict[str, TerritorySpec | None]
    connections: dict[str, list[str]] = Field(default_factory=dict, description="each pair once; symmetric")
    canals: dict[str, CanalSpec] = Field(default_factory=dict)
    straits: dict[str, StraitSpec] = Field(default_factory=dict)
    production: ProductionSpec = Field(default_factory=ProductionSpec)
    delegates: dict[str, DelegateSpec] = Field(default_factory=dict, description="beyond the standard ones")
    sequence: list[SequenceEntry] = Field(default_factory=list)
    offset_round: int | str | None = None
    technology: TechnologySpec | None = None
    properties: dict[str, Scalar | PropertySpec | list[PropertySpec]] = Field(
        default_factory=dict, description="name -> value; a list when the XML repeats a property")
    attachments: list[AttachmentEntry] = Field(default_factory=list)
    placements: list[PlacementSpec] = Field(default_factory=list, description="placements with damage etc.")
    house_rules: list[HouseRuleSpec] = Field(default_factory=list)
    rules: list[RuleCoverage] = Field(default_factory=list, description="the document's rules and their realisation")
    board_game: BoardGame | None = Field(None, description="Allies vs. Axis: the board game the reference engine plays")
    politics: PoliticsSpec | None = Field(None, description="scheduled political events (compiler/spec/constructs.py)")
    objectives: list[ObjectiveSpec] = Field(default_factory=list, description="national objectives")
    victory: list[VictorySpec] = Field(default_factory=list, description="victory conditions checked by triggers")
    victory_cities: VictoryCitiesSpec | None = Field(
        None, description="victory-city wins the end of each round checks (Total Victory, Honorable Surrender, "
                          "Projection of Power)")

    _positions: Any = PrivateAttr(default=None)

    def where(self, *path: str | int) -> Location:
        """The YAML location of any node (plain values included), or its nearest ancestor's."""
        if self._positions is None:
            return self.loc
        return self._positions.nearest(tuple(path))
