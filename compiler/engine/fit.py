"""Whether a history fits its game: the names it uses, and units where an event takes them from.

`Names(world).unknown(event)` lists the territories, unit types and players an event names that the game
lacks. `Fit` watches a Board: it notes every event that takes units from a territory that does not hold
them (a move, a removal, a battle's losses) and which event last changed each territory; made with the
game's `Names` (for a game log), it raises EventMisfit at the first event naming something the game lacks
or moving units that are not there. check-log refuses such a log, located at the event's line; check-save,
when the replay does not reach the saved state, says where it went wrong (compiler/engine/check.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.state import UnitStack
from compiler.engine.world import World


def _stacks(value: Any) -> Iterator[UnitStack]:
    """Every unit stack inside an event (its units, losses, rolls, retreats...)."""
    if isinstance(value, UnitStack):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _stacks(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _stacks(item)


def describe(event: ev.EventBase, number: int) -> str:
    """`event 7 (round 2, Germans, germanCombatMove: move)`: which event, when, and of what type."""
    kind = getattr(event, "type", type(event).__name__)
    return f"event {number} (round {event.round}, {event.player or '-'}, {event.step or '-'}: {kind})"


NULL_PLAYER = "Neutral"
"""TripleA's null player, who owns what no player does (the units of a neutral territory)"""


class Names:
    """The names a game has: territories, unit types, players."""

    def __init__(self, world: World) -> None:
        self.territories = frozenset(world.territories)
        self.units = frozenset(world.units)
        self.players = frozenset(world.players) | {NULL_PLAYER}

    def unknown(self, event: ev.EventBase) -> list[str]:
        """What `event` names that the game lacks, in words (`unknown territory 'Nowhere'`), each once."""
        found: dict[str, None] = {}
        for territory in self._territories(event):
            if territory not in self.territories:
                found[f"unknown territory {territory!r}"] = None
        for player in self._players(event):
            if player not in self.players:
                found[f"unknown player {player!r}"] = None
        if isinstance(event, ev.PoliticalAction):  # a treaty of the board game (play) is made with a country
            for name in event.players:
                if name not in self.players and name not in self.territories:
                    found[f"unknown player {name!r}"] = None
        for stack in _stacks(event):
            if stack.type not in self.units:
                found[f"unknown unit type {stack.type!r}"] = None
            if stack.owner and stack.owner not in self.players:
                found[f"unknown player {stack.owner!r}"] = None
        return list(found)

    @staticmethod
    def _territories(event: ev.EventBase) -> list[str]:
        named = [t for t in (getattr(event, "territory", None),) if isinstance(t, str)]
        if isinstance(event, ev.Move):
            named += event.route
        if isinstance(event, ev.Battle):
            named += [retreat.to for rnd in event.rounds for retreat in rnd.retreats]
        return named

    @staticmethod
    def _players(event: ev.EventBase) -> list[str]:
        named = [getattr(event, key, None) for key in ("player", "attacker", "defender", "old_owner", "new_owner")]
        if isinstance(event, ev.Transfer):
            named.append(event.to)
        return [p for p in named if isinstance(p, str) and p]


class EventMisfit(ValueError):
    """An event that does not fit its game (a game log is refused with it); `number` is its 1-based
    position in the history."""

    def __init__(self, number: int, event: ev.EventBase, reason: str) -> None:
        super().__init__(reason)
        self.number, self.event, self.reason = number, event, reason


@dataclass
class Misfit:
    """An event that took units from a territory that did not hold them."""

    number: int
    """1-based position of the event in the history"""
    event: ev.EventBase
    territory: str
    short: list[tuple[UnitStack, int]]
    """each stack taken that the territory did not hold, with how many of them it held"""

    @property
    def reason(self) -> str:
        units = ", ".join(f"{s.count} {s.type} ({s.owner})" for s, _ in self.short)
        held = ", ".join(str(n) for _, n in self.short)
        return f"takes {units} from {self.territory}, which holds {held}"

    def __str__(self) -> str:
        return f"{describe(self.event, self.number)}, which {self.reason}"


@dataclass
class Fit:
    """A board watcher: the events that took absent units, and the event that last changed each territory;
    with `names`, strict: EventMisfit at the first unknown name or move of absent units."""

    names: Names | None = None
    misfits: list[Misfit] = field(default_factory=list)
    last_change: dict[str, tuple[int, ev.EventBase]] = field(default_factory=dict)
    """territory -> the last event that changed its owner or units, with its number"""
    counted: int = 0
    """events of the history so far (those a scheduled trigger adds do not count, as in the Referee)"""

    def turn_ends(self, board: Board) -> None:
        pass

    def turn_starts(self, board: Board) -> None:
        pass

    def before(self, board: Board, event: ev.EventBase) -> None:
        history = getattr(event, "scheduled", None) is None  # not added by a scheduled trigger of the spec
        self.counted += history
        names = self.names if history else None
        if names is not None and (unknown := names.unknown(event)):
            raise EventMisfit(self.counted, event, "; ".join(unknown))
        for territory, taken in _takes(event):
            short = _short(board, territory, taken)
            if short:
                misfit = Misfit(self.counted, event, territory, short)
                if names is not None and isinstance(event, ev.Move):
                    raise EventMisfit(self.counted, event, misfit.reason)
                self.misfits.append(misfit)

    def after(self, board: Board, event: ev.EventBase) -> None:
        for territory in _changes(event):
            self.last_change[territory] = (self.counted, event)

    def where(self, subjects: list[str]) -> str:
        """Where a replay that did not reach its saved state went wrong: the first event that took units
        that were not there, else the last event that changed the first of `subjects` (the territories or
        players that differ)."""
        if self.misfits:
            return f"it first went wrong at {self.misfits[0]}"
        for subject in subjects:
            if subject in self.last_change:
                number, event = self.last_change[subject]
                return f"{describe(event, number)} was the last to change {subject}, which differs"
        return f"no event changed {subjects[0]}: the game's start differs from the save's" if subjects else ""


def _takes(event: ev.EventBase) -> list[tuple[str, list[UnitStack]]]:
    """(territory, units) an event takes away."""
    if isinstance(event, ev.Move) and len(event.route) >= 2:
        return [(event.route[0], event.units)]
    if isinstance(event, ev.Remove):
        return [(event.territory, event.units)]
    if isinstance(event, ev.Battle):
        return [(event.territory, [*event.attacker_losses, *event.defender_losses])]
    return []


def _changes(event: ev.EventBase) -> list[str]:
    """The territories an event changes (owner or units)."""
    if isinstance(event, ev.Move):
        return [event.route[0], event.route[-1]] if event.route else []
    if isinstance(event, ev.Battle):
        return [event.territory, *(r.to for rnd in event.rounds for r in rnd.retreats)]
    territory = getattr(event, "territory", None)
    return [territory] if isinstance(territory, str) else []


def _short(board: Board, territory: str, taken: list[UnitStack]) -> list[tuple[UnitStack, int]]:
    """The stacks taken from `territory` that it does not hold, with how many it holds."""
    here = board.units.get(territory, Counter())
    wanted: Counter[tuple[str, str]] = Counter()
    for stack in taken:
        wanted[(stack.type, stack.owner)] += stack.count
    return [(UnitStack(type=t, owner=o, count=n), here.get((t, o), 0))
            for (t, o), n in wanted.items() if n > here.get((t, o), 0)]
