"""High-level constructs of the spec language for a variant's rules: scheduled politics, national
objectives and victory conditions. Each lowers to TripleA rules/trigger attachments (compiler/lower).
"""

from __future__ import annotations

from pydantic import Field, model_validator

from compiler.spec.models import SpecNode

UnitsAt = dict[str, dict[str, int]]  # territory -> {unit type: count}


class OwnershipChange(SpecNode):
    """Territories handed from one player to another (a neutral joining a side)."""

    from_player: str = Field(alias="from", description="current owner ('any' for whoever owns them)")
    to: str
    territories: list[str] = Field(min_length=1)
    capture_units: bool = Field(True, description="the units there change owner too")


class UnitRemoval(SpecNode):
    player: str = Field(description="whose units are removed")
    units: UnitsAt


class RelationshipChange(SpecNode):
    players: list[str] = Field(min_length=2, max_length=2)
    from_type: str = Field("any", alias="from", description="current relationship type, or 'any'")
    to: str


class ScheduledEvent(SpecNode):
    """Something that happens by itself in a given round, at a given step (Aggression 1939's joins)."""

    name: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    round: int | str = Field(description="round number or range (TripleA 'rounds': 3, '3-30')")
    when: str = Field(pattern=r"^(before|after):\S+$", description="before:<step> or after:<step>")
    player: str = Field(description="the player the trigger belongs to")
    transfer: list[OwnershipChange] = Field(default_factory=list)
    place: UnitsAt = Field(default_factory=dict, description="units placed for `player`")
    remove: list[UnitRemoval] = Field(default_factory=list)
    relationships: list[RelationshipChange] = Field(default_factory=list)
    notification: str | None = None


class PoliticsSpec(SpecNode):
    schedule: list[ScheduledEvent] = Field(default_factory=list)


class Ownership(SpecNode):
    """`territories` held by the player (or its allies): all of them, or at least `count`."""

    territories: list[str] = Field(min_length=1)
    count: int | None = Field(None, ge=1)
    allied: bool = Field(True, description="the player or an ally holds them (else the player itself)")


class ObjectiveSpec(SpecNode):
    """A national objective: `value` PUs at the end of the player's turn while every condition holds."""

    name: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    player: str
    value: int
    title: str | None = Field(None, description="the objective's name in the rule document")
    owns: list[Ownership] = Field(default_factory=list)
    no_enemy_units_in: list[str] = Field(default_factory=list, description="enemyExclusionTerritories")
    at_war_with: list[str] = Field(default_factory=list, description="at war with at least one of these")
    not_at_war_with: list[str] = Field(default_factory=list, description="at war with none of these")
    rounds: str | None = Field(None, description="only in these rounds (TripleA 'rounds')")
    uses: int | None = Field(None, ge=1, description="at most this many times")

    @model_validator(mode="after")
    def _one_ownership_of_each_kind(self) -> ObjectiveSpec:
        for allied in (True, False):
            if sum(1 for o in self.owns if o.allied == allied) > 1:
                kind = "allied" if allied else "direct"
                raise ValueError(f"TripleA keeps one {kind} ownership list per objective: merge them (count:)")
        return self


class VictorySpec(SpecNode):
    """A victory condition checked by a trigger after some steps."""

    name: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    winners: list[str] = Field(min_length=1, description="the players who win")
    message: str = Field(description="TripleA victory message key or text")
    owns: Ownership | list[Ownership] = Field(description="every ownership given must hold")
    when: list[str] = Field(min_length=1, description="after:<step> / before:<step> checks")
    game_property: str | None = Field(None, description="only when this boolean game property is on")
