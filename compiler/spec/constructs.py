"""High-level constructs of the spec language for a variant's rules: scheduled politics, political
actions, national objectives and victory conditions. Each lowers to TripleA rules/trigger/political
action attachments (compiler/lower).
"""

from __future__ import annotations

from pydantic import Field, model_validator

from compiler.spec.node import OptionValue, SpecNode

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


class ActionChange(SpecNode):
    """One relationshipChange of a political action: the two players' relationship becomes `to`."""

    players: list[str] = Field(min_length=2, max_length=2)
    to: str = Field(description="the new relationship type")


ACTION_FIELD_OPTIONS = {"conditions": "conditions", "condition_type": "conditionType", "invert": "invert",
                        "attempts_per_turn": "attemptsPerTurn", "accept": "actionAccept", "text": "text",
                        "chance": "chance"}


class PoliticalAction(SpecNode):
    """A political action a player may take in its politics phase (PoliticalActionAttachment)."""

    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$", description="politicalActionAttachment<name>")
    player: str = Field(description="the acting player (attachTo)")
    changes: list[ActionChange] = Field(min_length=1, description="relationshipChange, in order")
    conditions: list[str] = Field(default_factory=list, description="rulesAttachments that must hold, defined before")
    condition_type: str | int | None = Field(None, description="AND (default), OR, XOR, or a count such as 2-3")
    invert: bool | None = None
    cost: dict[str, int] = Field(default_factory=dict,
                                 description="resource -> amount; PUs is costPU, others costResources (2.x)")
    attempts_per_turn: int | None = Field(None, ge=0)
    accept: list[str] = Field(default_factory=list, description="players who must accept (actionAccept)")
    text: str | None = Field(None, description="politicstext.properties key")
    chance: str | None = Field(None, description="chance of success, as 'hits:sides'")
    options: dict[str, OptionValue] = Field(default_factory=dict,
                                            description="any other PoliticalActionAttachment option, verbatim")

    @model_validator(mode="after")
    def _no_option_said_twice(self) -> PoliticalAction:
        said = {option for name, option in ACTION_FIELD_OPTIONS.items() if getattr(self, name) not in (None, [])}
        said |= {"relationshipChange"} | ({"costPU"} if "PUs" in self.cost else set())
        twice = sorted(said & set(self.options))
        if twice:
            raise ValueError(f"options repeat what the action's fields say: {', '.join(twice)}")
        return self


class PoliticsSpec(SpecNode):
    schedule: list[ScheduledEvent] = Field(default_factory=list)
    actions: list[PoliticalAction] = Field(
        default_factory=list, description="political actions, lowered after `attachments:` (their conditions)")


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


VictoryCityCounts = dict[str, int]  # alliance -> victory cities it must hold


class VictoryCitiesSpec(SpecNode):
    """TripleA's own victory-city wins: at the end of every round (EndRoundDelegate) an alliance that
    holds at least its number of victory cities (territories' `victory_city` points) wins the game.
    No trigger and no map resource is involved, so every TripleA version enforces them."""

    total: VictoryCityCounts = Field(default_factory=dict,
                                     description="'Total Victory': alliance -> victory cities to hold")
    honorable: VictoryCityCounts = Field(default_factory=dict,
                                         description="'Honorable Surrender': alliance -> victory cities to hold")
    projection: VictoryCityCounts = Field(default_factory=dict,
                                          description="'Projection of Power': alliance -> victory cities to hold")

    @model_validator(mode="after")
    def _counts_are_positive(self) -> VictoryCitiesSpec:
        for kind in ("total", "honorable", "projection"):
            bad = sorted(a for a, n in getattr(self, kind).items() if n < 1)
            if bad:
                raise ValueError(f"{kind}: an alliance needs at least 1 victory city ({', '.join(bad)})")
        if not (self.total or self.honorable or self.projection):
            raise ValueError("name at least one alliance under total, honorable or projection")
        return self


class VictorySpec(SpecNode):
    """A victory condition checked by a trigger after some steps."""

    name: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    winners: list[str] = Field(min_length=1, description="the players who win")
    message: str = Field(description="TripleA victory message key or text")
    owns: Ownership | list[Ownership] = Field(description="every ownership given must hold")
    when: list[str] = Field(min_length=1, description="after:<step> / before:<step> checks")
    game_property: str | None = Field(None, description="only when this boolean game property is on")
