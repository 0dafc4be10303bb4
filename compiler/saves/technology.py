"""Technology in a save's history: each player's research rolls and the advances they gained, per round.

TripleA's TechnologyDelegate logs "X spend 10 on tech rolls" (the PUs it takes; in the WW2V3 tech model the
tech tokens bought with them are a change of that event), "X roll 6,2,5 and gets 1 hit" ("X rolls : 4 ..." for
one die; "... for Long Range Aircraft ..." when the roll is for one advance) with the dice as a DiceRoll, "X
removing all Technology Tokens after successful research." (the tokens it takes), "X discover A and B"; its
TechActivationDelegate "X activating A and B" and "X giving technology to Y: A" (shared technology).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from compiler.engine.events import StepStart
from compiler.saves.battles import decode_dice
from compiler.saves.delegates import delegate_is
from compiler.saves.edits import EDIT_PREFIX
from compiler.saves.groups import EventGroup, resource_changes, resource_fields
from compiler.saves.history import named_list
from compiler.saves.java import is_a

TECH_TOKENS = "techTokens"

_SPEND = re.compile(r"^(?P<player>.+?) spend (?P<amount>\d+) on tech rolls$")
_ROLL = re.compile(r"^(?P<player>.+?) (?:roll|rolls :) (?P<dice>\d+(?:,\s*\d+)*)(?: for (?P<advance>.+?))? "
                   r"and gets (?P<hits>\d+) hits?$")
_TOKENS_GONE = re.compile(r"^(?P<player>.+?) removing all Technology Tokens after")
_DISCOVER = re.compile(r"^(?P<player>.+?) discover (?P<advances>.+)$")
_ACTIVATE = re.compile(r"^(?P<player>.+?) activating (?P<advances>.+)$")
_GIVE = re.compile(r"^(?P<player>.+?) giving technology to (?P<receiver>.+?): (?P<advances>.+)$")
_TRIGGERED = re.compile(r": (?P<player>[^:]+?) activates (?P<advance>[^:]+)$")
"""TriggerAttachment's text, in any step: 'Trigger Germany Jets: Germans activates Jet Power'"""


class Research(BaseModel):
    """A player's technology in one round: PUs spent on research (by payer), tech tokens bought and lost, the
    dice rolled (1-based) and hits, the advance rolled for (when the game lets a player choose), the advances
    discovered, activated, received from an ally and granted by a trigger."""

    round: int
    player: str
    step: str | None = None
    spent: dict[str, int] = Field(default_factory=dict)
    tokens_bought: int = 0
    tokens_removed: int = 0
    dice: list[int] = Field(default_factory=list)
    hits: int = 0
    rolled_for: str | None = None
    discovered: list[str] = Field(default_factory=list)
    activated: list[str] = Field(default_factory=list)
    received: list[str] = Field(default_factory=list)
    granted: list[str] = Field(default_factory=list)
    """advances a trigger (a condition of the game) gave"""
    chosen_dice: bool = False
    """rolled in edit mode, where TripleA lets the player choose the dice"""


def _tokens(group: EventGroup) -> int:
    """The net tech tokens the group's changes give (+) or take (-)."""
    return sum(amount for _, resource, amount in map(resource_fields, resource_changes(group))
               if resource == TECH_TOKENS)


def _read(group: EventGroup, record: _Records) -> None:
    said = (group.text or "").removeprefix(EDIT_PREFIX)
    if found := _SPEND.match(said):
        research = record.of(group, group.player or found["player"])
        research.spent[found["player"]] = research.spent.get(found["player"], 0) + int(found["amount"])
        research.tokens_bought += max(_tokens(group), 0)
    elif found := _ROLL.match(said):
        research = record.of(group, found["player"])
        rolled = decode_dice(group.rendering) if is_a(group.rendering, "DiceRoll") else {}
        research.dice += rolled.get("dice") or [int(d) for d in found["dice"].split(",")]
        research.hits += int(found["hits"])
        research.rolled_for = found["advance"] or research.rolled_for
        research.chosen_dice = research.chosen_dice or (group.text or "").startswith(EDIT_PREFIX)
    elif found := _TOKENS_GONE.match(said):
        record.of(group, found["player"]).tokens_removed -= min(_tokens(group), 0)
    elif found := _DISCOVER.match(said):
        record.of(group, found["player"]).discovered += named_list(found["advances"])
    elif found := _ACTIVATE.match(said):
        record.of(group, found["player"]).activated += named_list(found["advances"])
    elif found := _GIVE.match(said):
        record.of(group, found["receiver"]).received += named_list(found["advances"])


class _Records:
    """The research records being read, one per round and player."""

    def __init__(self) -> None:
        self.found: dict[tuple[int, str], Research] = {}

    def of(self, group: EventGroup, player: str) -> Research:
        key = (group.round, player)
        if key not in self.found:
            self.found[key] = Research(round=group.round, player=player)
        research = self.found[key]
        research.step = research.step or group.step
        return research


def read_technology(entries: list[StepStart | EventGroup], classes: dict[str, str]) -> list[Research]:
    """Each player's research per round, from the history's tech and tech-activation steps, and the advances
    triggers grant in any step, in history order. `classes`: the save's delegate classes
    (delegates.delegate_classes)."""
    records = _Records()
    for entry in entries:
        if not isinstance(entry, EventGroup):
            continue
        if found := _TRIGGERED.search(entry.text or ""):
            records.of(entry, found["player"]).granted.append(found["advance"])
        elif (delegate_is(classes, entry.delegate, "TechnologyDelegate", "tech")
              or delegate_is(classes, entry.delegate, "TechActivationDelegate", "tech_activation")):
            _read(entry, records)
    return list(records.found.values())


def _line(research: Research) -> str:
    parts = []
    if research.spent:
        parts.append("spent " + ", ".join(f"{n} PUs" + ("" if p == research.player else f" (paid by {p})")
                                          for p, n in research.spent.items()))
    if research.tokens_bought:
        parts.append(f"{research.tokens_bought} token(s) bought")
    if research.dice:
        goal = f" for {research.rolled_for}" if research.rolled_for else ""
        chosen = " (dice chosen in edit mode)" if research.chosen_dice else ""
        parts.append(f"rolled {','.join(map(str, research.dice))}{goal}: {research.hits} hit(s){chosen}")
    if research.tokens_removed:
        parts.append(f"{research.tokens_removed} token(s) removed")
    for label, names in (("discovered", research.discovered), ("activated", research.activated),
                         ("received", research.received), ("granted by a trigger", research.granted)):
        if names:
            parts.append(f"{label} {', '.join(names)}")
    return "; ".join(parts) or "no roll"


def technology_text(records: list[Research]) -> list[str]:
    """The 'Technology' section of show-save."""
    lines = ["", f"Technology ({len(records)} research turn(s)):"]
    if not records:
        return [*lines, "  no research"]
    return [*lines, *(f"  [round {r.round} {r.player}] {_line(r)}" for r in records)]
