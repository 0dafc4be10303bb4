"""Events of a game's history: the vocabulary shared by save reading, game logs and house rules.

Every event says when it happened (round, step name, player). A game log is a list of these
(see compiler/engine/log.py); a save's history is converted into them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from compiler.engine.state import UnitStack


class EventBase(BaseModel):
    round: int
    step: str | None = None
    player: str | None = None
    line: int | None = Field(default=None, description="source line in a game log, when known")


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


class Place(EventBase):
    type: Literal["place"] = "place"
    territory: str
    units: list[UnitStack]


class Battle(EventBase):
    type: Literal["battle"] = "battle"
    territory: str
    attacker: str | None = None
    defender: str | None = None
    rounds: list[dict] = Field(default_factory=list, description="per combat round: who fired, hits, casualties")
    attacker_losses: list[UnitStack] = Field(default_factory=list)
    defender_losses: list[UnitStack] = Field(default_factory=list)
    result: str | None = None


class OwnershipChange(EventBase):
    type: Literal["ownership"] = "ownership"
    territory: str
    old_owner: str | None = None
    new_owner: str | None = None


class PoliticalAction(EventBase):
    type: Literal["political"] = "political"
    action: str
    players: list[str] = Field(default_factory=list)
    new_relationship: str | None = None
    success: bool = True
    cost: dict[str, int] = Field(default_factory=dict)


class ResourceChange(EventBase):
    type: Literal["resources"] = "resources"
    resource: str
    amount: int
    reason: str | None = None


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
    """Any other event (a free text of the history, or a game-specific action)."""

    type: Literal["note"] = "note"
    text: str
    data: dict = Field(default_factory=dict)


Event = Annotated[
    StepStart | Move | Purchase | Place | Remove | Battle | OwnershipChange | PoliticalAction | ResourceChange
    | Victory | Note,
    Field(discriminator="type"),
]
