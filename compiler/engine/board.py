"""The live game: a Position changed event by event, like python-chess's Board.

`Board(world, start)` starts from a GameState (default: the game's initial state). `push(event)`
applies one event, and `_apply` is the one place that says what each event type does to the board;
`pop()` takes the last event back. The board also knows the moment (round, player, step), the
position at the start of the current player's turn (`turn_start`), every battle and declaration of
war so far, and answers relationship questions (friendly, at war) with the world's archetypes.

A new player's turn begins when an event opens a new round or names another player; once the
history has steps (StepStart events with a player) only a step does, since other events may name
someone else (a defender's loss of resources in the attacker's battle) without ending the turn.

Watchers (the house-rule referee, compiler/engine/referee.py) hear of each push: the end of a turn,
the start of the next, and each event before and after it is applied. `pop()` does not tell them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from compiler.engine import events as ev
from compiler.engine.position import Position
from compiler.engine.state import GameState, UnitStack
from compiler.engine.world import World


class Watcher(Protocol):
    """What hears of every push (the board is passed as it stands at each point)."""

    def turn_ends(self, board: Board) -> None: ...

    def turn_starts(self, board: Board) -> None: ...

    def before(self, board: Board, event: ev.EventBase) -> None: ...

    def after(self, board: Board, event: ev.EventBase) -> None: ...


_Apply = Callable[["Board", Any], None]
A = TypeVar("A", bound=_Apply)
_APPLY: dict[type, _Apply | None] = {}
"""event type -> what it does to a board (None: nothing); filled by @_applies in Board's body"""


def _applies(kind: type[ev.EventBase]) -> Callable[[A], A]:
    """Register what the decorated method does to a board for events of `kind` (stackable)."""

    def register(method: A) -> A:
        _APPLY[kind] = method
        return method

    return register


_ABSENT = object()
"""an old value that was not there (a territory without an owner entry)"""

_MOMENT = 10
"""A push keeps, in the flat list `Board._moments`, the moment before it: round, player, step, turn index,
whether the history had steps, how many battles, declarations of war and advances gained there were,
where its old values begin in `Board._kept`, and where those of the current turn begin. It keeps, in the
flat list `Board._kept`, the old value of each thing it changes as three items: ("units", territory,
dict of counts), ("wallet", player, dict of amounts), ("owner", territory, owner), ("relationship",
pair, name); None (_ABSENT for an owner) when there was none.

Both lists hold atomic values and plain dicts only, so that a journal growing with every event makes
the garbage collector do no more work; the position at the start of a turn is rebuilt from it."""


def _revert(position: Position, kept: list[Any]) -> None:
    """Put back old values, the last kept first (so a value kept twice ends as the first one)."""
    tables: dict[str, dict[str, Any]] = {"units": position.units, "owner": position.owners,
                                         "wallet": position.resources, "relationship": position.relationships}
    for i in range(len(kept) - 3, -1, -3):
        kind, name, old = kept[i:i + 3]
        table = tables[kind]
        if old is None and kind != "owner" or old is _ABSENT:
            table.pop(name, None)
        elif kind in ("units", "wallet"):
            table[name] = Counter(old)
        else:
            table[name] = old


class Board(Position):
    """The game as it stands, with the events that led here (see the module docstring)."""

    def __init__(self, world: World, start: GameState | None = None) -> None:
        start = start if start is not None else world.initial
        if start is None:
            raise ValueError(f"{world.name}: no initial state to start from")
        super().__init__(start)
        self.world = world
        self.round = start.round
        self.step = start.step
        self.player = start.player
        self.turn_index = 0
        """turns begun so far (0 before the first)"""
        self.turn_start: Position = self.copy()
        self.events: list[ev.EventBase] = []
        """every event pushed, the last one included while its watchers are told of it"""
        self.battles: list[tuple[int, str, str | None]] = []
        """every battle so far: (round, territory, attacking player)"""
        self.war_declared: list[tuple[int, str, str]] = []
        """every change to a war relationship so far: (round, declaring player, other player)"""
        self.advances_gained: list[tuple[str, str, bool]] = []
        """every technological advance gained (TechRoll, AdvanceGained) or lost (an edit's AdvanceGained with
        `gained: false`) so far, in order: (player, advance, whether gained); `advances(player)` tells the result"""
        self.watchers: list[Watcher] = []
        self._has_steps = False
        self._moments: list[Any] = []
        self._kept: list[Any] = []
        self._turn_kept = 0
        self._relations: dict[tuple[int, str, str], str] = {}

    # --- the moment --------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """The phase of the current step (see World.phase)."""
        return self.world.phase(self.step)

    def state(self) -> GameState:
        """The board as a serialisable snapshot."""
        return self.to_state(self.world.name, self.round, self.step, self.player)

    def starts_turn(self, event: ev.EventBase) -> bool:
        """Whether pushing `event` begins a new turn (a new round, or a step of another player)."""
        if event.round != self.round:
            return True
        return self._switches_player(event) and event.player is not None and event.player != self.player

    def _switches_player(self, event: ev.EventBase) -> bool:
        return isinstance(event, ev.StepStart) or not self._has_steps

    # --- push and pop ------------------------------------------------------------------
    def push(self, event: ev.EventBase) -> None:
        """Apply one event; a new turn begins first if the event starts one."""
        new_turn = self.starts_turn(event)
        self._moments += (self.round, self.player, self.step, self.turn_index, self._has_steps, len(self.battles),
                          len(self.war_declared), len(self.advances_gained), len(self._kept), self._turn_kept)
        if new_turn and (self.player is not None or self.turn_index):
            for watcher in self.watchers:
                watcher.turn_ends(self)
        if isinstance(event, ev.StepStart) and event.player is not None:
            self._has_steps = True
        self.events.append(event)
        if new_turn:
            self.round = event.round
            if event.player is not None and self._switches_player(event):
                self.player = event.player
            self.turn_index += 1
            self.turn_start = self.copy()
            self._turn_kept = len(self._kept)
            self._relations.clear()
            for watcher in self.watchers:
                watcher.turn_starts(self)
        if event.step:
            self.step = event.step
        for watcher in self.watchers:
            watcher.before(self, event)
        self._apply(event)
        for watcher in self.watchers:
            watcher.after(self, event)

    def pop(self) -> ev.EventBase:
        """Take the last event back (IndexError if there is none); watchers are not told."""
        if not self.events:
            raise IndexError("pop from an empty board")
        moment = self._moments[-_MOMENT:]
        del self._moments[-_MOMENT:]
        began_turn = moment[3] != self.turn_index
        self.round, self.player, self.step, self.turn_index, self._has_steps = moment[:5]
        battles, wars, gained, kept, self._turn_kept = moment[5:]
        _revert(self, self._kept[kept:])
        del self._kept[kept:], self.battles[battles:], self.war_declared[wars:], self.advances_gained[gained:]
        if began_turn:
            start = self.copy()
            _revert(start, self._kept[self._turn_kept:])
            self.turn_start = start
        self._relations.clear()
        return self.events.pop()

    # --- what each event does ----------------------------------------------------------
    def _apply(self, event: ev.EventBase) -> None:
        """Change the board as the event says: the method registered for its type (`@_applies`), if
        any (steps, notes and victories change nothing)."""
        kind = type(event)
        if kind not in _APPLY:
            _APPLY[kind] = next((_APPLY[k] for k in kind.__mro__ if _APPLY.get(k)), None)
        method = _APPLY[kind]
        if method is not None:
            method(self, event)

    @_applies(ev.Move)
    def _move(self, event: ev.Move) -> None:
        if len(event.route) >= 2:
            self._keep_units(event.route[0], event.route[-1])
            self.remove(event.route[0], event.units)
            self.add(event.route[-1], event.units)

    @_applies(ev.Place)
    def _place(self, event: ev.Place) -> None:
        self._keep_units(event.territory)
        self.add(event.territory, event.units)

    @_applies(ev.Remove)
    def _remove(self, event: ev.Remove) -> None:
        self._keep_units(event.territory)
        self.remove(event.territory, event.units)

    @_applies(ev.Battle)
    def _battle(self, event: ev.Battle) -> None:
        self.battles.append((event.round, event.territory, event.attacker or event.player))
        self._keep_units(event.territory)
        self.remove(event.territory, event.attacker_losses)
        self.remove(event.territory, event.defender_losses)
        for retreat in (r for rnd in event.rounds for r in rnd.retreats):
            self._keep_units(retreat.to)
            self.remove(event.territory, retreat.units)
            self.add(retreat.to, retreat.units)

    @_applies(ev.OwnershipChange)
    def _ownership(self, event: ev.OwnershipChange) -> None:
        old = self.owners.get(event.territory)
        self._keep_owner(event.territory)
        self.owners[event.territory] = event.new_owner
        if event.captured is not False and event.new_owner and old and old != event.new_owner:
            self._capture(event.territory, event.new_owner, None, old)

    @_applies(ev.Capture)
    def _captured(self, event: ev.Capture) -> None:
        if event.units:
            self._capture_named(event.territory, event.new_owner, event.units)
        else:
            self._capture(event.territory, event.new_owner, event.count)

    def _capture_named(self, territory: str, new_owner: str, units: list[UnitStack]) -> None:
        """The named units in a territory change hands (those of them still with their former owner)."""
        here = self.units.get(territory)
        if not here:
            return
        self._keep_units(territory)
        for stack in units:
            moved = min(here.get((stack.type, stack.owner), 0), stack.count)
            if moved > 0 and stack.owner != new_owner:
                _hand_over(here, stack.type, stack.owner, new_owner, moved)

    @_applies(ev.PoliticalAction)
    def _political(self, event: ev.PoliticalAction) -> None:
        if event.success and self.world.archetype(event.new_relationship) == "war":
            self.war_declared += [(event.round, a, b) for a, b in event.pairs()]
        if event.success and event.new_relationship:
            for a, b in event.pairs():
                pair = GameState.pair(a, b)
                self._kept += ("relationship", pair, self.relationships.get(pair))
                self.relationships[pair] = event.new_relationship
        self._relations.clear()

    @_applies(ev.Transfer)
    def _transfer(self, event: ev.Transfer) -> None:
        if event.player:
            self._wallet(event.player)[event.resource] -= event.amount
            self._wallet(event.to)[event.resource] += event.amount

    @_applies(ev.TechRoll)
    def _research(self, event: ev.TechRoll) -> None:
        self._pay(event)
        if event.gained and event.player:
            self.advances_gained.append((event.player, event.advance, True))

    @_applies(ev.AdvanceGained)
    def _advance(self, event: ev.AdvanceGained) -> None:
        if event.player:
            self.advances_gained.append((event.player, event.advance, event.gained))

    @_applies(ev.Purchase)
    @_applies(ev.ResourceChange)
    def _pay(self, event: ev.EventBase) -> None:
        if event.player:
            wallet = self._wallet(event.player)
            for resource, amount in event.wallet_change().items():
                wallet[resource] += amount

    def _capture(self, territory: str, new_owner: str, count: int | None, from_owner: str | None = None) -> None:
        """Infrastructure in a territory (factories, AA guns, ...) changes hands: all of `from_owner`'s,
        or `count` units of anyone else's."""
        here = self.units.get(territory)
        if not here:
            return
        self._keep_units(territory)
        for (typ, owner), n in sorted(here.items()):
            if count is not None and count <= 0:
                break
            if owner == new_owner or n <= 0 or not self.world.unit(typ).is_infrastructure:
                continue
            if from_owner is not None and owner != from_owner:
                continue
            moved = n if count is None else min(n, count)
            _hand_over(here, typ, owner, new_owner, moved)
            if count is not None:
                count -= moved

    # --- the undo journal: old values, kept before the first change of each push ---------
    def _keep_units(self, *territories: str) -> None:
        for territory in territories:
            units = self.units.get(territory)
            self._kept += ("units", territory, None if units is None else dict(units))

    def _keep_owner(self, territory: str) -> None:
        self._kept += ("owner", territory, self.owners.get(territory, _ABSENT))

    def _wallet(self, player: str) -> Counter[str]:
        """The player's resources, kept in the journal before they change."""
        wallet = self.resources.get(player)
        self._kept += ("wallet", player, None if wallet is None else dict(wallet))
        if wallet is None:
            wallet = self.resources[player] = Counter()
        return wallet

    # --- technology --------------------------------------------------------------------
    def advances(self, player: str) -> set[str]:
        """The advances `player` holds now: those gained so far and not lost since."""
        held: set[str] = set()
        for who, advance, gained in self.advances_gained:
            if who == player:
                (held.add if gained else held.discard)(advance)
        return held

    # --- relationships -----------------------------------------------------------------
    def stance(self, a: str | None, b: str | None, position: Position | None = None) -> str:
        """'self', 'allied', 'war' or 'neutral' between two players (None: a neutral owner), now or
        in `position` (e.g. `turn_start`)."""
        if a is None or b is None:
            return "neutral"
        if a == b:
            return "self"
        position = position or self
        key = (id(position), a, b)
        found = self._relations.get(key)
        if found is None:
            found = self._relations[key] = self.world.archetype(position.relationship(a, b))
        return found

    def friendly(self, player: str, other: str | None, position: Position | None = None) -> bool:
        return self.stance(player, other, position) in ("self", "allied")

    def at_war(self, a: str | None, b: str | None, position: Position | None = None) -> bool:
        return self.stance(a, b, position) == "war"

    def friendly_territory(self, player: str, territory: str, position: Position | None = None) -> bool:
        """Owned by the player or an ally (in `position`, default now)."""
        return self.friendly(player, (position or self).owners.get(territory), position)


def _hand_over(here: Counter[tuple[str, str]], typ: str, owner: str, new_owner: str, moved: int) -> None:
    """`moved` units of `typ` in one territory's counts pass from `owner` to `new_owner`."""
    here[(typ, owner)] -= moved
    if here[(typ, owner)] == 0:
        del here[(typ, owner)]
    here[(typ, new_owner)] += moved
