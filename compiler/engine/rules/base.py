"""The base of every house rule: an id, a pydantic params model, and hooks that yield messages.

A rule module defines one subclass of `HouseRule` with `id`, a nested `Params` (a `RuleParams`:
unknown params are errors) and any of the hooks `before`, `after`, `start_turn`, `end_turn`,
`end_game`. Each hook yields plain messages; the engine adds rule id, round, player, step and line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from compiler.engine import events as ev
from compiler.engine.replay import Context
from compiler.engine.state import UnitStack
from compiler.engine.world import World


class RuleParams(BaseModel):
    """Parameters of a house rule; unknown keys are refused."""

    model_config = ConfigDict(extra="forbid")


class UnknownName(ValueError):
    """A rule parameter names a territory, player or unit type the game does not have."""


class HouseRule:
    """A house rule with its parameters, bound to one game's world."""

    id: ClassVar[str] = ""
    Params: ClassVar[type[RuleParams]] = RuleParams

    def __init__(self, params: RuleParams, world: World) -> None:
        self.params = params
        self.world = world
        self.setup()

    def setup(self) -> None:
        """Check names against the world and prepare look-ups (override as needed)."""

    # --- hooks: each yields messages -----------------------------------------------------------
    def before(self, ctx: Context, event: ev.EventBase) -> Iterable[str]:
        return ()

    def after(self, ctx: Context, event: ev.EventBase) -> Iterable[str]:
        return ()

    def start_turn(self, ctx: Context) -> Iterable[str]:
        return ()

    def end_turn(self, ctx: Context) -> Iterable[str]:
        return ()

    def end_game(self, ctx: Context) -> Iterable[str]:
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


def count_units(stacks: Iterable[UnitStack], types: set[str] | None = None) -> int:
    return sum(s.count for s in stacks if types is None or s.type in types)


def describe(stacks: Iterable[UnitStack]) -> str:
    return ", ".join(f"{s.count} {s.type}" for s in stacks)
