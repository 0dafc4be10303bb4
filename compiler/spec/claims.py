"""Claims: what a `rules:` row says the compiled game contains, one kind of fact each.

A row's `proof:` is a list of claims; compiler/proofs checks each against a game model (the spec
compiled in memory, or a game XML such as output/*.xml) and, for `house_rule`, runs game logs
through the reference engine. Each claim is a mapping with one key naming its kind:

    proof:
      - unit: {infantry: {attack: 2, defense: 3, movement: 1}}
      - cost: {infantry: 30}
      - property: {Ignore Transport In Movement: true}
      - territory: {Siberia: {isImpassable: true}}
      - connected: [[Germany, Poland]]
      - attachment: {name: conditionAttachmentItalyJoins, to: Italy, options: {rounds: 2}}
      - house_rule: {id: canal-control, breaks: [proofs/aggression/kiel-breaks.yaml],
                     keeps: [proofs/aggression/kiel-keeps.yaml]}

A spec with a `board_game:` section (Allies vs. Axis) also proves what its play engine (compiler/ava) does:
`board_game` (the section's values by key path), `formula` (an engine formula with given inputs) and
`play` (a short scripted game situation and its outcome), checked by compiler/proofs/board_claims.py.

Expected option values are compared as TripleA reads them: `true`/`false` and numbers as text, a
`count` attribute written before the value (`-2:PUs`), `null` for "not given". A list expects every
occurrence of a repeated option, in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias, Union

from pydantic import ConfigDict, Discriminator, Field, Tag, model_validator

from compiler.spec.node import Scalar, SpecNode

Expected: TypeAlias = Scalar | list[Scalar] | None
"""An option's expected value: a scalar, every occurrence of a repeated option, or null (absent)."""
Price: TypeAlias = int | dict[str, int]
"""A price: an amount of the game's first resource, or resource -> amount."""


class Claim(SpecNode):
    """Base of claims; `KIND` is the key that names the claim in YAML."""

    KIND: ClassVar[str] = ""


class UnitClaim(Claim):
    """unitAttachment options of unit types: `{infantry: {attack: 2, movement: 1}}`."""

    KIND: ClassVar[str] = "unit"
    unit: dict[str, dict[str, Expected]] = Field(min_length=1)


class CostClaim(Claim):
    """The price of one unit in every frontier a player starts with that sells it: `{infantry: 3}`."""

    KIND: ClassVar[str] = "cost"
    cost: dict[str, Price] = Field(min_length=1)


class RepairClaim(Claim):
    """The price of repairing one point of a unit type's damage in every repair frontier a player starts
    with that repairs it: `{factory: 10}`."""

    KIND: ClassVar[str] = "repair"
    repair: dict[str, Price] = Field(min_length=1)


class FrontierFacts(SpecNode):
    sells: list[str] = Field(default_factory=list, description="unit types it sells")
    lacks: list[str] = Field(default_factory=list, description="unit types it does not sell")
    costs: dict[str, Price] = Field(default_factory=dict, description="unit type -> price of one unit")


class FrontierClaim(Claim):
    """A production frontier, by its name or by the player who starts with it: what it sells and for how much."""

    KIND: ClassVar[str] = "frontier"
    frontier: dict[str, FrontierFacts] = Field(min_length=1)


class PropertyClaim(Claim):
    """Game properties: `{Use Triggers: true}`; null means the game does not set it."""

    KIND: ClassVar[str] = "property"
    property: dict[str, Expected] = Field(min_length=1)


class TerritoryFacts(SpecNode):
    """A territory: its owner at start, whether it is water, its units at start, and any territoryAttachment
    option (`production: 5`, `isImpassable: true`, `capital: Germans`)."""

    model_config = ConfigDict(extra="allow")
    owner: str | None = Field(None, description="owner at start ('none' for no owner)")
    water: bool | None = None
    units: dict[str, int | dict[str, int]] | None = Field(
        None, description="units at start: {type: count} of any owner, or {player: {type: count}}")

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class TerritoryClaim(Claim):
    KIND: ClassVar[str] = "territory"
    territory: dict[str, TerritoryFacts] = Field(min_length=1)


class ConnectedClaim(Claim):
    """Pairs of territories that border each other."""

    KIND: ClassVar[str] = "connected"
    connected: list[Annotated[list[str], Field(min_length=2, max_length=2)]] = Field(min_length=1)


class NotConnectedClaim(Claim):
    """Pairs of territories that do not border each other."""

    KIND: ClassVar[str] = "not_connected"
    not_connected: list[Annotated[list[str], Field(min_length=2, max_length=2)]] = Field(min_length=1)


class CanalFacts(SpecNode):
    sea_zones: list[str] = Field(min_length=2)
    land: list[str] = Field(min_length=1, description="the land territories whose control opens it")


class CanalClaim(Claim):
    KIND: ClassVar[str] = "canal"
    canal: dict[str, CanalFacts] = Field(min_length=1)


class AllianceClaim(Claim):
    """Alliance -> its members (exactly)."""

    KIND: ClassVar[str] = "alliance"
    alliance: dict[str, list[str]] = Field(min_length=1)


class RelationshipFacts(SpecNode):
    type: str
    round: int | None = Field(None, description="its roundValue: the round TripleA counts it made in (roundCreated)")


class RelationshipClaim(Claim):
    """Relationships at start: `{Germans|Russians: War}`, or `{Germans|Russians: {type: War, round: 1}}` with the
    round it counts as made in (how long a relationship has lasted decides conditions such as Empire's truces);
    the order of the pair does not matter."""

    KIND: ClassVar[str] = "relationship"
    relationship: dict[str, str | RelationshipFacts] = Field(min_length=1)


class SequenceClaim(Claim):
    """A player's steps in order, named without the player's prefix (`germansCombatMove` is `CombatMove`)."""

    KIND: ClassVar[str] = "sequence"
    sequence: dict[str, list[str]] = Field(min_length=1)


class TurnOrderClaim(Claim):
    """Players in the order their turns come: the order in which the step sequence first names them (other
    players' steps are skipped): `[Germans, Russians, Japanese]`."""

    KIND: ClassVar[str] = "turn_order"
    turn_order: list[str] = Field(min_length=2)


class AttachmentFacts(SpecNode):
    name: str
    to: str = Field(description="what it attaches to (attachTo)")
    options: dict[str, Expected] = Field(default_factory=dict)
    absent: bool = Field(False, description="the game has no such attachment")

    @model_validator(mode="after")
    def _absent_alone(self) -> AttachmentFacts:
        if self.absent and self.options:
            raise ValueError("an absent attachment has no options to claim")
        return self


class AttachmentClaim(Claim):
    """Any attachment by its name and what it attaches to (as TripleA keeps it: the last of one name)."""

    KIND: ClassVar[str] = "attachment"
    attachment: AttachmentFacts


class ResourcesClaim(Claim):
    """What each player starts with: `{Germans: {PUs: 30}}`."""

    KIND: ClassVar[str] = "resources"
    resources: dict[str, dict[str, int]] = Field(min_length=1)


class PlacedClaim(Claim):
    """Each player's units at start, summed over the map: `{Germans: {infantry: 12}}`."""

    KIND: ClassVar[str] = "placed"
    placed: dict[str, dict[str, int]] = Field(min_length=1)


class HouseRuleProof(SpecNode):
    id: str = Field(description="the house rule (an entry of house_rules:)")
    breaks: list[str] = Field(min_length=1, description="game logs the rule must find broken (relative to the spec)")
    keeps: list[str] = Field(min_length=1, description="game logs the rule must find kept")


class HouseRuleClaim(Claim):
    """The reference engine's house rule, as the spec configures it, finds each `breaks` log broken and
    each `keeps` log kept."""

    KIND: ClassVar[str] = "house_rule"
    house_rule: HouseRuleProof


# ---- claims over the play engine (compiler/ava), for Allies vs. Axis-like `board_game:` specs ----------------

Side = Literal["allies", "axis"]


class BoardGameClaim(Claim):
    """Values of the spec's `board_game:` section, the game the play engine plays, by key path:
    `{costs.alliance: 2000, units.tank.cost: 140, board[kind=fortune].number: [3, 16, 21], board.#: 36}`.
    Keys are dot-separated; in a list a key is an item's `name` (or its index), `*` takes every item,
    `[field=value]` keeps the items whose field has that value (later keys then apply to each), `#` counts."""

    KIND: ClassVar[str] = "board_game"
    board_game: dict[str, Any] = Field(min_length=1)


class FormulaFacts(SpecNode):
    name: str = Field(description="a formula of the play engine (compiler/ava/rules.py), e.g. treaty_cost")
    args: dict[str, Any] = Field(default_factory=dict, description="its inputs by parameter name; an army is "
                                                                   "{unit: count}; units, costs and modes are "
                                                                   "the spec's")
    gives: Any = Field(description="the result it must give (an army as {unit: count})")


class FormulaClaim(Claim):
    """A formula of the play engine, run on the spec's units and costs with the given inputs, gives this:
    `{name: treaty_cost, args: {defence: 10, treaties_before: 1}, gives: 300}`."""

    KIND: ClassVar[str] = "formula"
    formula: FormulaFacts


class SideFacts(SpecNode):
    """A side's profile in a situation: set before it (given) or checked after it (then); facts not named are
    left as they are, or not checked. An army names counts by unit ({infantry: 3}); units not named are 0."""

    money: int | None = None
    army: dict[str, int] | None = None
    position: str | None = Field(None, description="the space its token stands on")
    token: str | None = None
    treaties: int | None = Field(None, description="treaties signed")
    strategic_moves: int | None = Field(None, description="strategic moves bought")
    jailed: int | None = Field(None, description="times imprisoned")
    in_jail: bool | None = None
    cards: list[str] | None = Field(None, description="the strategy cards kept, in order")


class SideOutcome(SideFacts):
    drawn: dict[str, int] | None = Field(None, description="card -> times drawn (cards named only)")
    offered: list[list[str]] | None = Field(None, description="the landing choices offered, in order")
    territories: int | None = Field(None, description="spaces owned (the profile's count)")
    income: dict[str, int] | None = Field(None, description="what the owned spaces give a turn: money and units")


class Decisions(SpecNode):
    """A scripted player's answers (compiler/ava/script.py); the default declines everything optional."""

    prefer: list[str] = Field(default_factory=list, description="landing choices, most preferred first: invade, "
                                                                "treaty, base, alliance, penalty, pass")
    step: int = Field(0, description="the strategic move bought when offered (+1, -1, +2, -2; 0 none)")
    recruit: dict[str, int] = Field(default_factory=dict)
    deploy: Literal["all"] | dict[str, int] = Field(default_factory=dict, description="defence built on landing")
    force: dict[str, int] | None = Field(None, description="the invasion force (default: the cheapest sufficient)")
    use_cards: bool = True
    ransom: bool = True
    token: str | None = None


class PlayAction(SpecNode):
    """One thing that happens, named by one of `turn`, `land`, `card`, `draw`, `rounds`."""

    turn: Side | None = Field(None, description="the side plays a whole turn")
    land: str | None = Field(None, description="the side's token is put on this space and it lands there")
    card: str | None = Field(None, description="the side receives this card as drawn")
    draw: Literal["fortune", "strategy"] | None = Field(None, description="the side draws from this deck")
    rounds: int | None = Field(None, ge=1, description="whole rounds are played (until the game ends)")
    side: Side | None = Field(None, description="who lands, receives or draws")
    times: int = Field(1, ge=1, description="draw: how many cards")

    @model_validator(mode="after")
    def _one_action(self) -> PlayAction:
        named = [k for k in ("turn", "land", "card", "draw", "rounds") if getattr(self, k) is not None]
        if len(named) != 1:
            raise ValueError("an action names one of turn, land, card, draw, rounds")
        if named[0] in ("land", "card", "draw") and self.side is None:
            raise ValueError(f"{named[0]}: say which side (side: allies or axis)")
        return self


class PlaySetup(SpecNode):
    allies: SideFacts | None = None
    axis: SideFacts | None = None
    owners: dict[str, Side | None] = Field(default_factory=dict, description="space -> owner (null: neutral)")
    defence: dict[str, dict[str, int]] = Field(default_factory=dict, description="space -> its defending army")
    spins: list[int] = Field(default_factory=list, description="the spinner's next results")
    progress: int = Field(0, ge=0, description="games the player has won against the unlocking AI before")


class PlayOutcome(SpecNode):
    allies: SideOutcome | None = None
    axis: SideOutcome | None = None
    owners: dict[str, Side | None] = Field(default_factory=dict)
    defence: dict[str, dict[str, int]] = Field(default_factory=dict)
    defence_power: dict[str, int] = Field(default_factory=dict)
    winner: Side | Literal["none"] | None = Field(None, description="none: a draw or a game not over")
    end: str | None = Field(None, description="the end condition (sudden-death, conqueror, imprisoned, turn-limit); "
                                              "none while the game goes on")
    round: int | None = None
    unlocks: str | None = Field(None, description="the mode the game's result unlocks (none: no mode)")


class PlayFacts(SpecNode):
    mode: str = "normal"
    seed: int = 0
    victory: Literal["conqueror", "sudden-death"] | None = None
    jail_limit: int | None = None
    turn_limit: int | None = None
    players: dict[Side, Decisions | str] = Field(default_factory=dict, description="scripted answers, or an AI "
                                                                                   "of the spec by name")
    given: PlaySetup = Field(default_factory=PlaySetup)
    do: list[PlayAction] = Field(min_length=1)
    then: PlayOutcome


class PlayClaim(Claim):
    """A short scripted situation of the play engine: a game of the mode starts, the `given` state is set, the
    actions `do` happen with the players' scripted answers, and `then` holds."""

    KIND: ClassVar[str] = "play"
    play: PlayFacts


CLAIMS: tuple[type[Claim], ...] = (
    UnitClaim, CostClaim, RepairClaim, FrontierClaim, PropertyClaim, TerritoryClaim, ConnectedClaim, NotConnectedClaim,
    CanalClaim, AllianceClaim, RelationshipClaim, SequenceClaim, TurnOrderClaim, AttachmentClaim, ResourcesClaim,
    PlacedClaim, HouseRuleClaim, BoardGameClaim, FormulaClaim, PlayClaim,
)
"""Every kind of claim; a claim's kind is the one key of its mapping."""

_BY_KIND = {cls.KIND: cls for cls in CLAIMS}


def _kind(data: Any) -> str | None:
    """The kind of a claim mapping: its one key, when that key names a kind."""
    if isinstance(data, Claim):
        return data.KIND
    if isinstance(data, dict) and len(data) == 1:
        key = next(iter(data))
        return key if key in _BY_KIND else None
    return None


if TYPE_CHECKING:
    AnyClaim = Claim
else:  # one union of CLAIMS, told apart by their key
    AnyClaim = Annotated[
        Union[tuple(Annotated[cls, Tag(cls.KIND)] for cls in CLAIMS)],  # noqa: UP007 (built from a tuple)
        Discriminator(_kind, custom_error_type="claim_kind",
                      custom_error_message="a claim is a mapping with one key: " + ", ".join(_BY_KIND)),
    ]
