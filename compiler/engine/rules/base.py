"""The base of every house rule: an id, a pydantic params model, and hooks that yield messages.

A rule module defines one subclass of `HouseRule[SomeParams]`, where `SomeParams` is a `RuleParams`
model (unknown params are errors), with `id`, a docstring whose first line is the rule's meaning,
and any of the hooks `before`, `after`, `start_turn`, `end_turn`, `end_game`. Each hook gets the
live Board (compiler/engine/board.py: the position now, `turn_start`, the moment, relationship
questions) and yields plain messages; the referee adds rule id, round, player, step and line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.state import UnitStack
from compiler.engine.world import World


class RuleParams(BaseModel):
    """Parameters of a house rule; unknown keys are refused."""

    model_config = ConfigDict(extra="forbid")


class UnknownName(ValueError):
    """A rule parameter names a territory, player or unit type the game does not have."""


P = TypeVar("P", bound=RuleParams)


class HouseRule(Generic[P]):
    """A house rule with its parameters, bound to one game's world."""

    id: ClassVar[str] = ""
    Params: ClassVar[type[RuleParams]] = RuleParams
    """the params model: the class's type argument (`class StraitCrossing(HouseRule[StraitParams])`)"""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is HouseRule:
                (params,) = get_args(base)
                if isinstance(params, type) and issubclass(params, RuleParams):
                    cls.Params = params

    def __init__(self, params: P, world: World) -> None:
        self.params = params
        self.world = world
        self.setup()

    def setup(self) -> None:
        """Check names against the world and prepare look-ups (override as needed)."""

    # --- hooks: each yields messages -----------------------------------------------------------
    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        return ()

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        return ()

    def start_turn(self, board: Board) -> Iterable[str]:
        return ()

    def end_turn(self, board: Board) -> Iterable[str]:
        return ()

    def end_game(self, board: Board) -> Iterable[str]:
        return ()

    # --- helpers -------------------------------------------------------------------------------
    def need(self, kind: str, names: Iterable[str]) -> None:
        """Refuse names the world does not know (kind: territory, player, unit, side)."""
        w = self.world
        known: set[str] = {
            "territory": w.territories,
            "player": set(w.players),
            "unit": set(w.units),
            "side": set(w.players) | {a for al in w.alliance.values() for a in al},
        }[kind]
        bad = sorted(set(names) - known)
        if bad:
            raise UnknownName(f"unknown {kind}{'s' if len(bad) > 1 else ''}: {', '.join(bad)}")


def mover(event: ev.Move | ev.Place | ev.Purchase) -> str | None:
    """The player whose units an event moves (the units' owner, else the event's player)."""
    for stack in event.units:
        return stack.owner
    return event.player


def purchaser(event: ev.Purchase, players: Iterable[str] | None = None) -> str | None:
    """The player making a purchase, when among `players` (any player when there are none)."""
    player = event.player or mover(event)
    chosen = set(players or ())
    return player if player is not None and (not chosen or player in chosen) else None


def factory_types(world: World, given: Iterable[str] | None) -> set[str]:
    """The unit types a rule counts as factories: those `given`, else the game's factories."""
    return set(given or (u for u, info in world.units.items() if info.is_factory))


def count_units(stacks: Iterable[UnitStack], types: set[str] | None = None) -> int:
    return sum(s.count for s in stacks if types is None or s.type in types)


def describe(stacks: Iterable[UnitStack]) -> str:
    return ", ".join(f"{s.count} {s.type}" for s in stacks)
