"""The engine core: replay events over a board and let house rules judge each one.

Replaying applies every event to the board (moves, placements, battle losses, ownership changes,
political actions, resources). A new player's turn begins when an event names a different player
or a new round; the board is then snapshotted as `turn_start`, so rules can ask what was friendly
"at the start of the turn". Each rule sees an event *before* it is applied (`before`) and after
(`after`), and is told when a turn ends (`end_turn`) and when the log ends (`end_game`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.state import GameState
from compiler.engine.world import World
from compiler.problems import NOWHERE, Location

if TYPE_CHECKING:
    from compiler.engine.rules.base import HouseRule


@dataclass(frozen=True)
class Violation:
    """A broken house rule: when (round, player, step), where in the log, and why."""

    rule: str
    round: int
    player: str | None
    step: str | None
    message: str
    location: Location = NOWHERE
    event: int | None = None
    """1-based position of the event in the history (useful for saves, whose events have no line)"""

    @property
    def line(self) -> int | None:
        return self.location.line or None

    def as_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "round": self.round,
            "player": self.player,
            "step": self.step,
            "message": self.message,
            "line": self.line,
            "event": self.event,
        }

    def __str__(self) -> str:
        where = self.location.path or "<log>"
        if self.location.line:
            where += f":{self.location.line}"
        event = f", event {self.event}" if self.event and not self.location.line else ""
        return (
            f"{where}: error: [{self.rule}] round {self.round}, {self.player or '-'}, "
            f"{self.step or '-'}{event}: {self.message}"
        )


@dataclass
class Context:
    """What a rule may look at: the world, the board now, the board at the start of the turn."""

    world: World
    board: Board
    turn_start: Board
    round: int = 0
    player: str | None = None
    step: str | None = None
    turn_index: int = 0
    event: ev.EventBase | None = None
    battles: list[tuple[int, str, str | None]] = field(default_factory=list)
    """every battle so far: (round, territory, attacking player)"""
    war_declared: list[tuple[int, str, str]] = field(default_factory=list)
    """every change to a war relationship so far: (round, declaring player, other player)"""

    @property
    def phase(self) -> str:
        return self.world.phase(self.step)

    _relations: dict[tuple[int, str, str], str] = field(default_factory=dict, repr=False)

    def relationship(self, a: str | None, b: str | None, board: Board | None = None) -> str:
        """'self', 'allied', 'war' or 'neutral' between two players (None = a neutral owner)."""
        if a is None or b is None:
            return "neutral"
        if a == b:
            return "self"
        board = board or self.board
        key = (id(board), a, b)
        found = self._relations.get(key)
        if found is None:
            found = self._relations[key] = self.world.archetype(board.relationship(a, b))
        return found

    def forget_relationships(self) -> None:
        """Drop cached relationships (after a political change or a new turn's snapshot)."""
        self._relations.clear()

    def friendly(self, player: str, other: str | None, board: Board | None = None) -> bool:
        return self.relationship(player, other, board) in ("self", "allied")

    def at_war(self, a: str | None, b: str | None, board: Board | None = None) -> bool:
        return self.relationship(a, b, board) == "war"

    def friendly_territory(self, player: str, territory: str, board: Board | None = None) -> bool:
        """Owned by the player or an ally (on `board`, default now)."""
        return self.friendly(player, (board or self.board).owners.get(territory), board)


def _capture(board: Board, world: World | None, territory: str, new_owner: str, count: int | None,
             from_owner: str | None = None) -> None:
    """Infrastructure in a territory (factories, AA guns, ...) changes hands: all of `from_owner`'s,
    or `count` units of anyone else's."""
    if world is None:
        return
    here = board.units.get(territory)
    if not here:
        return
    for (typ, owner), n in sorted(here.items()):
        if count is not None and count <= 0:
            break
        if owner == new_owner or n <= 0 or not world.unit(typ).is_infrastructure:
            continue
        if from_owner is not None and owner != from_owner:
            continue
        moved = n if count is None else min(n, count)
        here[(typ, owner)] -= moved
        if here[(typ, owner)] == 0:
            del here[(typ, owner)]
        here[(typ, new_owner)] += moved
        if count is not None:
            count -= moved


def relationship_pairs(event: ev.PoliticalAction) -> list[tuple[str, str]]:
    """The player pairs a political action changes: the acting player with each of `players`, or,
    when the acting player is not among two named players, those two."""
    if len(event.players) == 2 and event.player not in event.players:
        return [(event.players[0], event.players[1])]
    if event.player is None:
        return []
    return [(event.player, other) for other in event.players if other != event.player]


def apply_event(board: Board, event: ev.EventBase, world: World | None = None) -> None:
    """Change the board as the event says (with the world, captured infrastructure changes hands)."""
    if isinstance(event, ev.Move):
        if len(event.route) >= 2:
            board.remove(event.route[0], event.units)
            board.add(event.route[-1], event.units)
    elif isinstance(event, ev.Place):
        board.add(event.territory, event.units)
    elif isinstance(event, ev.Remove):
        board.remove(event.territory, event.units)
    elif isinstance(event, ev.Battle):
        board.remove(event.territory, event.attacker_losses)
        board.remove(event.territory, event.defender_losses)
    elif isinstance(event, ev.OwnershipChange):
        old = board.owners.get(event.territory)
        board.owners[event.territory] = event.new_owner
        if event.new_owner and old and old != event.new_owner:
            _capture(board, world, event.territory, event.new_owner, None, old)
    elif isinstance(event, ev.Note) and {"territory", "new_owner", "count"} <= set(event.data):
        data = event.data
        if isinstance(data["count"], int) and isinstance(data["new_owner"], str):
            _capture(board, world, str(data["territory"]), data["new_owner"], data["count"])
    elif isinstance(event, ev.PoliticalAction):
        if event.success and event.new_relationship:
            for a, b in relationship_pairs(event):
                board.relationships[GameState.pair(a, b)] = event.new_relationship
    elif isinstance(event, ev.Purchase):
        if event.player:
            wallet = board.resources.setdefault(event.player, Counter())
            for res, amount in event.cost.items():
                wallet[res] -= amount
    elif isinstance(event, ev.ResourceChange):
        if event.player:
            wallet = board.resources.setdefault(event.player, Counter())
            wallet[event.resource] += event.amount


class Engine:
    """Replays events and collects the violations of the given house rules."""

    def __init__(self, world: World, rules: Sequence[HouseRule], initial: GameState, path: str = "") -> None:
        self.world = world
        self.rules = list(rules)
        self.path = path
        board = Board.from_state(initial)
        self.ctx = Context(world=world, board=board, turn_start=board.snapshot(), round=initial.round)
        self.ctx.step = initial.step
        self.ctx.player = initial.player
        self.violations: list[Violation] = []
        self._last_event: ev.EventBase | None = None
        self.count = 0
        self._steps = False

    def _collect(self, rule: HouseRule, messages: Iterable[str] | None, event: ev.EventBase | None,
                 index: int | None = None) -> None:
        ctx = self.ctx
        index = self.count if index is None else index
        for message in messages or ():
            line = event.line if event is not None and event.line else 0
            self.violations.append(
                Violation(rule.id, ctx.round, ctx.player, ctx.step, message, Location(self.path, line, 0),
                          index or None)
            )

    def _new_turn(self, event: ev.EventBase) -> None:
        """Start a new turn at a new round, or at a step of another player. Once the history has
        steps, only steps change the player: other events may name someone else (a defender's loss
        of resources in the attacker's battle) without ending the turn."""
        ctx = self.ctx
        is_step = isinstance(event, ev.StepStart)
        if is_step and event.player is not None:
            self._steps = True
        new_round = event.round != ctx.round
        may_switch = is_step or not self._steps
        new_player = may_switch and event.player is not None and event.player != ctx.player
        if not (new_round or new_player):
            return
        if ctx.player is not None or ctx.turn_index:
            for rule in self.rules:
                self._collect(rule, rule.end_turn(ctx), self._last_event, self.count - 1)
        ctx.round = event.round
        if event.player is not None and may_switch:
            ctx.player = event.player
        ctx.turn_index += 1
        ctx.turn_start = ctx.board.snapshot()
        ctx.forget_relationships()
        for rule in self.rules:
            self._collect(rule, rule.start_turn(ctx), event)

    def feed(self, event: ev.EventBase) -> None:
        """Judge and apply one event."""
        ctx = self.ctx
        self.count += 1
        self._new_turn(event)
        if event.step:
            ctx.step = event.step
        ctx.event = event
        for rule in self.rules:
            self._collect(rule, rule.before(ctx, event), event)
        if isinstance(event, ev.Battle):
            ctx.battles.append((event.round, event.territory, event.attacker or event.player))
        if isinstance(event, ev.PoliticalAction) and event.success:
            if ctx.world.archetype(event.new_relationship) == "war":
                for a, b in relationship_pairs(event):
                    ctx.war_declared.append((event.round, a, b))
        apply_event(ctx.board, event, ctx.world)
        if isinstance(event, ev.PoliticalAction):
            ctx.forget_relationships()
        for rule in self.rules:
            self._collect(rule, rule.after(ctx, event), event)
        self._last_event = event

    def finish(self) -> list[Violation]:
        """End the last turn and the game; return every violation in log order."""
        ctx = self.ctx
        for rule in self.rules:
            self._collect(rule, rule.end_turn(ctx), self._last_event)
        for rule in self.rules:
            self._collect(rule, rule.end_game(ctx), self._last_event)
        return self.violations

    def state(self) -> GameState:
        ctx = self.ctx
        return ctx.board.to_state(self.world.name, ctx.round, ctx.step, ctx.player)
