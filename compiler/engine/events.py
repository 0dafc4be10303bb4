"""Events of a game's history: the vocabulary shared by save reading, game logs and house rules.

Every event says when it happened (round, step name, player). A game log is a list of these
(see compiler/engine/log.py, which reads them through the `Event` union); a save's history is
converted into them (compiler/saves/history.py); compiler/engine/board.py applies them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from compiler.engine.state import UnitStack


class EventBase(BaseModel):
    model_config = ConfigDict(defer_build=True)  # schemas built on first use, not at import

    round: int
    step: str | None = None
    player: str | None = None
    line: int | None = Field(default=None, description="source line in a game log, when known")
    scheduled: str | None = Field(default=None, exclude=True,
                                  description="set on the events a replay adds for a scheduled trigger the history "
                                  "does not record: the trigger's name (not part of the history, never written)")
    edit: bool = Field(default=False, exclude=True,
                       description="made in TripleA's edit mode (its EditDelegate: units added or removed, owners "
                       "changed by hand), not by the step's delegate (set by the save reader, never written)")

    def wallet_change(self) -> dict[str, int]:
        """What the event adds to (negative: takes from) its player's resources."""
        return {}


class StepStart(EventBase):
    """A new step (phase) begins; `delegate` is e.g. 'move', 'battle', 'purchase', 'politics'."""

    type: Literal["step"] = "step"
    delegate: str | None = None


class Move(EventBase):
    type: Literal["move"] = "move"
    units: list[UnitStack]
    route: list[str] = Field(description="territories from start to end, both included")


class Purchase(EventBase):
    type: Literal["purchase"] = "purchase"
    units: list[UnitStack]
    cost: dict[str, int] = Field(default_factory=dict)

    def wallet_change(self) -> dict[str, int]:
        return {resource: -amount for resource, amount in self.cost.items()}


class Place(EventBase):
    type: Literal["place"] = "place"
    territory: str
    units: list[UnitStack]


class Roll(BaseModel):
    """One roll of dice in a combat round: who rolled with which units, what came up, how many hit.

    A bombing raid's roll also says the `damage` dealt (a total, or one number per die), whether it
    was `capped` by the territory's limit, and how many `escorts` and `interceptors` flew.
    """

    model_config = ConfigDict(defer_build=True)  # schemas built on first use, not at import

    firing: str | None = Field(default=None, description="the player who rolled")
    units: list[UnitStack] = Field(default_factory=list, description="the units that fired")
    dice: list[int] = Field(default_factory=list, description="the dice, 1-based")
    targets: list[int] = Field(default_factory=list,
                               description="what each die needed: it hits at or under it (0: a die that does not "
                                           "count); empty when the source does not say")
    hits: int | None = None
    text: str | None = Field(default=None, description="what the history says of a roll naming no player")
    damage: int | list[int] | None = None
    capped: bool = False
    escorts: int | None = None
    interceptors: int | None = None
    casualties: list[UnitStack] = Field(default_factory=list, description="units this roll's hits killed")
    damaged: list[UnitStack] = Field(default_factory=list, description="units this roll's hits damaged, not killed")

    @property
    def total_damage(self) -> int | None:
        return sum(self.damage) if isinstance(self.damage, list) else self.damage


_ROLL_KEYS = frozenset(Roll.model_fields) - {"text", "casualties"}


class Retreat(BaseModel):
    """Units leaving a battle after a combat round, to an adjacent space (their owner's side retreats)."""

    model_config = ConfigDict(defer_build=True)  # schemas built on first use, not at import

    units: list[UnitStack]
    to: str


class BattleRound(BaseModel):
    """One combat round: the dice rolled, who fired and who was lost on each side.

    A source that does not tell the sides apart lists `casualties` of both; compiler/engine/combat.py
    sorts them (and the units of each roll) onto the attacker's or the defender's side. A log may
    also write a round the way older versions of the save reader did, as flat entries (`{round: 2,
    firing: Germans, dice: [3, 1], hits: 1}`, `{round: 2, casualties: [...]}`): a Battle merges the
    entries with the same `round` into one BattleRound.
    """

    model_config = ConfigDict(defer_build=True)  # schemas built on first use, not at import

    number: int | None = Field(default=None, validation_alias=AliasChoices("number", "round"),
                               description="the round's number in the source (rounds are judged in order)")
    attacker_fired: list[UnitStack] = Field(default_factory=list)
    defender_fired: list[UnitStack] = Field(default_factory=list)
    attacker_casualties: list[UnitStack] = Field(default_factory=list)
    defender_casualties: list[UnitStack] = Field(default_factory=list)
    casualties: list[UnitStack] = Field(default_factory=list, description="either side's, not told apart")
    rolls: list[Roll] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list, description="other text of the round (a bombing raid)")
    retreats: list[Retreat] = Field(default_factory=list, description="units that left the battle after the round")

    @model_validator(mode="before")
    @classmethod
    def _flat_entry(cls, data: Any) -> Any:
        """A flat entry: its roll keys (firing, dice, hits, damage, ...) make one roll, a lone text a note."""
        if not isinstance(data, dict) or "rolls" in data:
            return data
        roll = {k: data[k] for k in data if k in _ROLL_KEYS}
        if not roll and "text" not in data:
            return data
        rest = {k: v for k, v in data.items() if k not in _ROLL_KEYS and k != "text"}
        if roll:
            rest["rolls"] = [{**roll, **({"text": data["text"]} if "text" in data else {})}]
        else:
            rest["notes"] = [*data.get("notes", ()), data["text"]]
        return rest

    def merge(self, other: BattleRound) -> None:
        """Add what `other` (another entry of the same round) says."""
        self.attacker_fired += other.attacker_fired
        self.defender_fired += other.defender_fired
        self.attacker_casualties += other.attacker_casualties
        self.defender_casualties += other.defender_casualties
        self.casualties += other.casualties
        self.rolls += other.rolls
        self.notes += other.notes
        self.retreats += other.retreats


class Battle(EventBase):
    type: Literal["battle"] = "battle"
    territory: str
    attacker: str | None = None
    defender: str | None = None
    rounds: list[BattleRound] = Field(default_factory=list, description="the combat rounds, in order")
    attacker_losses: list[UnitStack] = Field(default_factory=list)
    defender_losses: list[UnitStack] = Field(default_factory=list)
    result: str | None = None

    @property
    def is_bombing_raid(self) -> bool:
        """Whether the battle is a strategic bombing raid (`result: bombing_raid`, in any case)."""
        return (self.result or "").lower() == "bombing_raid"

    @field_validator("rounds")
    @classmethod
    def _merge_numbered(cls, rounds: list[BattleRound]) -> list[BattleRound]:
        """Entries with the same round number make one round (in the order each number first appears)."""
        if all(r.number is None for r in rounds):
            return rounds
        out: list[BattleRound] = []
        seen: dict[int, BattleRound] = {}
        for entry in rounds:
            if entry.number is None:
                out.append(entry)
            elif entry.number in seen:
                seen[entry.number].merge(entry)
            else:
                seen[entry.number] = entry
                out.append(entry)
        return out


class OwnershipChange(EventBase):
    """A territory changes owner; its infrastructure (factories, AA guns) goes with it unless `captured` is
    false (a trigger's plain change of ownership, which leaves every unit as it is)."""

    type: Literal["ownership"] = "ownership"
    territory: str
    old_owner: str | None = None
    new_owner: str | None = None
    captured: bool | None = Field(default=None, description="false: the units stay as they are (default: captured)")


class Capture(EventBase):
    """Units in a territory change owner: `count` infrastructure units of other owners become `new_owner`'s
    (what TripleA writes when units are captured with a territory)."""

    type: Literal["capture"] = "capture"
    territory: str
    new_owner: str
    count: int = Field(ge=0)
    units: list[UnitStack] = Field(default_factory=list, description="the units that change hands, by type and "
                                   "former owner, when the source names them (a save does; TripleA's triggers can "
                                   "make any unit capturable); else `count` infrastructure units")


class PoliticalAction(EventBase):
    type: Literal["political"] = "political"
    action: str
    players: list[str] = Field(default_factory=list)
    new_relationship: str | None = None
    success: bool = True
    cost: dict[str, int] = Field(default_factory=dict)

    def pairs(self) -> list[tuple[str, str]]:
        """The player pairs the action changes: the acting player with each of `players`, or, when the
        acting player is not among two named players, those two (as the save reader writes them)."""
        if len(self.players) == 2 and self.player not in self.players:
            return [(self.players[0], self.players[1])]
        if self.player is None:
            return []
        return [(self.player, other) for other in self.players if other != self.player]


Cause = Literal["income", "objective", "capture", "bombing", "other"]
"""Why resources change: the end-of-turn collection of a player's income (TripleA's end-turn delegate), a national
objective or trigger, a capture (a capital's treasury, a capture bonus), a strategic bombing raid's damage (the
bombed territory's owner loses it in the raid), anything else"""


class ResourceChange(EventBase):
    """A player's resources change; `reason` is the source's text, `cause` its kind when the source tells it (when
    not, compiler/engine/income.py tells it from the step the change is made in, never from the text)."""

    type: Literal["resources"] = "resources"
    resource: str
    amount: int
    reason: str | None = None
    cause: Cause | None = None

    def wallet_change(self) -> dict[str, int]:
        return {self.resource: self.amount}


class Transfer(EventBase):
    """The event's player gives `amount` of a resource to player `to` (e.g. lend-lease)."""

    type: Literal["transfer"] = "transfer"
    to: str
    resource: str
    amount: int = Field(ge=0)


class TechRoll(EventBase):
    """The player rolls `dice` for the technological advance `advance`, paying `cost`; `success` says
    whether it gained it (when not given: a 6 among the dice)."""

    type: Literal["tech"] = "tech"
    advance: str
    dice: list[int] = Field(default_factory=list, description="the dice, 1-based")
    cost: dict[str, int] = Field(default_factory=dict)
    success: bool | None = None

    @property
    def gained(self) -> bool:
        return self.success if self.success is not None else 6 in self.dice

    def wallet_change(self) -> dict[str, int]:
        return {resource: -amount for resource, amount in self.cost.items()}


class AdvanceGained(EventBase):
    """The player gains the technological advance `advance` (by the game's name for it) without a roll here:
    TripleA's tech activation of what research discovered, a trigger, an edit; `gained: false`, it loses it (an
    edit)."""

    type: Literal["advance"] = "advance"
    advance: str
    property: str | None = Field(default=None, description="TripleA's techAttachment property that records it "
                                 "(longRangeAir), when the source tells it")
    gained: bool = True


class Victory(EventBase):
    """A side is declared the winner (by the game, or claimed by a player)."""

    type: Literal["victory"] = "victory"
    winners: list[str] = Field(default_factory=list, description="players or alliance names")
    text: str | None = None


class Remove(EventBase):
    """Units taken off the board outside a battle (a trigger, a conversion on capture)."""

    type: Literal["remove"] = "remove"
    territory: str
    units: list[UnitStack]
    reason: str | None = None


class Note(EventBase):
    """Any other event (a free text of the history, or a game-specific action); changes nothing."""

    type: Literal["note"] = "note"
    text: str
    data: dict[str, Any] = Field(default_factory=dict)


Event = Annotated[
    StepStart | Move | Purchase | Place | Remove | Battle | OwnershipChange | Capture | PoliticalAction
    | ResourceChange | Transfer | TechRoll | AdvanceGained | Victory | Note,
    Field(discriminator="type"),
]
"""Any event, told apart by its `type` (how game logs are read)."""

EVENT_TYPES: tuple[str, ...] = tuple(
    kind.model_fields["type"].default for kind in get_args(get_args(Event)[0])
)
"""The `type` of every event, in the order of `Event`."""
