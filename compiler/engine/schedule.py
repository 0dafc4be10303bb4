"""Scheduled triggers: a spec's `politics.schedule`, fired in a replay where and when TripleA fires them.

TripleA (BaseTripleADelegate, 2.7 as 1.9) fires a trigger whose `when` is `before:<step>` as that
step's delegate starts (the history has recorded the step by then) and one whose `when` is
`after:<step>` as the delegate ends (before the round can advance), in every round its conditions hold;
a scheduled event's condition is its `round`, TripleA's `rounds` list: `3`, `1-30`, `2:5-+` (colons
separate rounds and ranges, `+` is no end). Triggers due at one moment fire together, kind by kind as
TriggerAttachment.fireTriggers does: relationship changes, changes of ownership
(compiler/engine/takeover.py), removals, placements. None fires unless "Use Triggers" is on.

A history may hold what the triggers did already (a save's always does). A firing is *recorded* when
the history has, in its round and at its step (anywhere in the round for events that name no step), one
of its effects: its trigger's own entry (`Trigger <name>: ...`, as TripleA writes it), an ownership
change of one of its territories to the player it goes to, a placement or removal of its units in its
territories, or a change of one of its relationships to its new type. A recorded firing is not applied
again; any other firing is pushed on the board, as events of its round, step and the step's player.

Where a history's events stand: at their step's place in the sequence; an event that names no step (or
a step the game lacks) at the start of its player's turn, or of its round when it names no player. A
trigger fires before the first event that stands after it: never before the moment of the initial
state, never after the last event (the game got no further).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.state import UnitStack
from compiler.engine.takeover import Takeover, capture_rules
from compiler.engine.world import World
from compiler.model import GameModel

if TYPE_CHECKING:  # the spec's models are not loaded to check a save of a game XML
    from compiler.spec.constructs import PoliticsSpec, ScheduledEvent

Moment = tuple[int, int, int]
"""(round, the step's index in the sequence, phase): phase 0 the step begins, 1 its `before` triggers,
2 its events, 3 its `after` triggers"""
_BEGINS, _BEFORE, _DURING, _AFTER = range(4)


class ScheduleError(ValueError):
    """A scheduled event TripleA could not read (a bad `rounds` list)."""


def parse_rounds(text: str) -> list[tuple[int, int]]:
    """TripleA's `rounds` (AbstractRulesAttachment.setRounds): `3`, `1-30`, `2:5-+` -> (first, last) ranges."""
    ranges = []
    for part in str(text).split(":"):
        first, dash, last = part.strip().partition("-")
        try:
            start = int(first)
            end = start if not dash else (1 << 31) - 1 if last.strip() == "+" else int(last)
        except ValueError:
            raise ScheduleError(f"bad rounds {text!r}: each part is a round or a range 'a-b' ('a-+': no end)") from None
        ranges.append((start, end))
    return ranges


@dataclass(frozen=True)
class UnitsAt:
    territory: str
    player: str
    units: dict[str, int]


@dataclass(frozen=True)
class ScheduledTrigger:
    """One scheduled event as TripleA's triggers carry it out."""

    name: str
    rounds: list[tuple[int, int]]
    when: str
    """`before` or `after`"""
    step: str
    relationships: list[str] = field(default_factory=list)
    """relationshipChange values: `player1:player2:oldType:newType`"""
    transfers: list[str] = field(default_factory=list)
    """changeOwnership values: `territory:oldOwner:newOwner:captured`"""
    removals: list[UnitsAt] = field(default_factory=list)
    placements: list[UnitsAt] = field(default_factory=list)

    @classmethod
    def of(cls, event: ScheduledEvent) -> ScheduledTrigger:
        when, _, step = event.when.partition(":")
        return cls(
            name=event.name, rounds=parse_rounds(str(event.round)), when=when, step=step,
            relationships=[f"{r.players[0]}:{r.players[1]}:{r.from_type}:{r.to}" for r in event.relationships],
            transfers=[f"{t}:{c.from_player}:{c.to}:{str(c.capture_units).lower()}"
                       for c in event.transfer for t in c.territories],
            removals=[UnitsAt(t, r.player, units) for r in event.remove for t, units in r.units.items()],
            placements=[UnitsAt(t, event.player, units) for t, units in event.place.items()],
        )

    def fires_in(self, round_: int) -> bool:
        return any(first <= round_ <= last for first, last in self.rounds)

    def moment(self, round_: int, order: dict[str, int]) -> Moment:
        return round_, order[self.step], _BEFORE if self.when == "before" else _AFTER


class Schedule:
    """The scheduled triggers of a game, fired into a replay (see the module docstring)."""

    def __init__(self, world: World, triggers: Sequence[ScheduledTrigger], takeover: Takeover) -> None:
        self.world = world
        self.order = {step: i for i, step in enumerate(world.steps)}
        self.triggers = [t for t in triggers if t.step in self.order]  # TripleA never fires the others
        self.takeover = takeover
        self._first_step: dict[str, int] = {}
        for step, (delegate, player) in world.steps.items():
            if player and "bid" not in delegate.lower():
                self._first_step.setdefault(player, self.order[step])

    @classmethod
    def of(cls, politics: PoliticsSpec | None, model: GameModel, world: World) -> Schedule:
        """The schedule of a spec's `politics:` over its compiled game (empty unless Use Triggers is on)."""
        on = (model.property_value("Use Triggers") or "").strip().lower() == "true"
        events = politics.schedule if politics is not None and on else []
        return cls(world, [ScheduledTrigger.of(e) for e in events], Takeover(world, capture_rules(model)))

    # --- where things stand ---------------------------------------------------------------
    def _stands(self, event: ev.EventBase) -> Moment:
        index = self.order.get(event.step) if event.step else None
        if index is not None:
            return event.round, index, _BEGINS if isinstance(event, ev.StepStart) else _DURING
        return event.round, self._first_step.get(event.player or "", -1), _DURING

    def _due(self, start: Moment, last: int) -> list[tuple[Moment, ScheduledTrigger]]:
        due = [(t.moment(r, self.order), t) for r in range(start[0], last + 1) for t in self.triggers if t.fires_in(r)]
        return sorted((d for d in due if d[0] > start), key=lambda d: d[0])

    # --- replay ---------------------------------------------------------------------------
    def replay(self, board: Board, events: Iterable[ev.EventBase]) -> None:
        """Push `events` on `board`, each firing that the history does not record pushed where TripleA fires it."""
        history = list(events)
        start: Moment = (board.round, self.order.get(board.step or "", -1), _BEGINS)
        pending = self._due(start, max((e.round for e in history), default=start[0]))
        by_round: dict[int, list[ev.EventBase]] = {}
        for event in history:
            by_round.setdefault(event.round, []).append(event)
        for event in history:
            stands = self._stands(event)
            while pending and pending[0][0] < stands:
                moment = pending[0][0]
                group = [t for m, t in pending if m == moment]
                del pending[:len(group)]
                self._fire([t for t in group if not self._recorded(t, moment[0], by_round.get(moment[0], []))],
                           board, moment[0])
            board.push(event)

    def _fire(self, triggers: list[ScheduledTrigger], board: Board, round_: int) -> None:
        def base(trigger: ScheduledTrigger) -> dict[str, object]:
            return {"round": round_, "step": trigger.step, "player": self.world.steps[trigger.step][1],
                    "scheduled": trigger.name}

        for trigger in triggers:
            for value in trigger.relationships:
                self._relationship(board, value, base(trigger))
        for trigger in triggers:
            for value in trigger.transfers:
                for event in self.takeover.change(board, value, base(trigger)):
                    board.push(event)
        for trigger in triggers:
            for at in trigger.removals:
                here = [UnitStack(type=t, owner=at.player, count=min(n, board.count(at.territory, t, at.player)))
                        for t, n in at.units.items()]
                if any(s.count for s in here):
                    board.push(ev.Remove(**base(trigger), territory=at.territory, units=[s for s in here if s.count],
                                         reason=f"Trigger {trigger.name}"))
        for trigger in triggers:
            for at in trigger.placements:
                board.push(ev.Place(**base(trigger), territory=at.territory,
                                    units=[UnitStack(type=t, owner=at.player, count=n) for t, n in at.units.items()]))

    def _relationship(self, board: Board, value: str, base: dict[str, object]) -> None:
        a, b, old, new = value.split(":")
        current = board.relationship(a, b)
        arche = self.world.archetype(current)
        if old == "any" or old == current or old in ("anyNeutral", "anyAllied", "anyWar") and old[3:].lower() == arche:
            board.push(ev.PoliticalAction(**base, action=f"Trigger {base['scheduled']}", players=[a, b],
                                          new_relationship=new))

    # --- what the history records ---------------------------------------------------------
    def _recorded(self, trigger: ScheduledTrigger, round_: int, events: list[ev.EventBase]) -> bool:
        """Whether the history holds one of this firing's effects (see the module docstring)."""
        territories = {v.split(":")[0] for v in trigger.transfers}
        receivers = {v.split(":")[2] for v in trigger.transfers}
        receivers |= {r for c, r in ((c, r) for t in territories for c, r in self.takeover.rules.goes_to.get(t, []))
                      if c in receivers}
        pairs = {(frozenset(v.split(":")[:2]), v.split(":")[3]) for v in trigger.relationships}
        units = {(u.territory, t, u.player) for u in trigger.removals + trigger.placements for t in u.units}
        own = re.compile(rf"Trigger {re.escape(trigger.name)}(Remove\d*)?:")
        for event in events:
            if event.step is not None and event.step != trigger.step:
                continue
            if isinstance(event, ev.Note) and own.match(event.text):
                return True
            if isinstance(event, ev.OwnershipChange) and event.territory in territories and (
                    event.new_owner in receivers or event.new_owner == self.takeover.original.get(event.territory)):
                return True
            if isinstance(event, ev.Place | ev.Remove) and any(
                    (event.territory, s.type, s.owner) in units for s in event.units):
                return True
            if isinstance(event, ev.PoliticalAction) and any(
                    (frozenset(p), event.new_relationship) in pairs for p in event.pairs()):
                return True
        return False
