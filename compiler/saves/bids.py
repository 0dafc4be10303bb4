"""Bids in a save's history: the units each player bought with its bid and where it placed them.

A bid is the PUs a game option "<player> bid" gives a player before the game (TripleA's BidPurchaseDelegate reads
it). The bid purchase step logs "X buy 2 infantry and 1 armour; 4 PU unused" with the units bought (it takes no
PUs from the player) and, when some are left, "X retains 4 PUS not spent in bid phase" with the PUs it gives
back; the bid placement step (BidPlaceDelegate) logs each placement ("2 infantry placed in Karelia") with a
PlacementDescription.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from compiler.engine.events import StepStart
from compiler.engine.state import UnitStack
from compiler.saves.delegates import delegate_is
from compiler.saves.edits import EDIT_PREFIX
from compiler.saves.groups import EventGroup, resource_changes, resource_fields, units_in
from compiler.saves.java import get, is_a, name_of
from compiler.saves.options import OptionValue
from compiler.saves.state import stacks

_UNUSED = re.compile(r"; (?P<unused>\d+) PU unused$")
_RETAINS = re.compile(r"^(?P<player>.+?) retains (?P<amount>\d+) PUS not spent in bid phase")


class Bid(BaseModel):
    """A player's bid: its budget (the game option "<player> bid"; None when the save keeps no options), the
    units bought, the PUs left unused (kept by the player), and the units placed per territory."""

    round: int
    player: str
    step: str | None = None
    budget: int | None = None
    bought: list[UnitStack] = Field(default_factory=list)
    unused: int | None = None
    placements: dict[str, list[UnitStack]] = Field(default_factory=dict)


def _owned(units: list[Any], player: str) -> list[UnitStack]:
    return stacks(units, lambda _: player)


def _merge(into: list[UnitStack], more: list[UnitStack]) -> None:
    for stack in more:
        same = next((s for s in into if (s.type, s.owner) == (stack.type, stack.owner)), None)
        if same is None:
            into.append(stack.model_copy())
        else:
            same.count += stack.count


def _budget(options: dict[str, OptionValue] | None, player: str) -> int | None:
    value = None if options is None else options.get(f"{player} bid")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_bids(entries: list[StepStart | EventGroup], classes: dict[str, str],
              options: dict[str, OptionValue] | None) -> list[Bid]:
    """Each player's bid, from the history's bid purchase and bid placement steps, in history order. `classes`:
    the save's delegate classes (delegates.delegate_classes); `options`: its game options (name -> value)."""
    found: dict[tuple[int, str], Bid] = {}
    for group in entries:
        if not isinstance(group, EventGroup) or group.player is None:
            continue
        buying = delegate_is(classes, group.delegate, "BidPurchaseDelegate", "bid")
        if not buying and not delegate_is(classes, group.delegate, "BidPlaceDelegate", "placeBid"):
            continue
        key = (group.round, group.player)
        if key not in found:
            found[key] = Bid(round=group.round, player=group.player, budget=_budget(options, group.player))
        bid = found[key]
        said = (group.text or "").removeprefix(EDIT_PREFIX)
        if buying and f"{group.player} buy " in said:
            bid.step = group.step
            _merge(bid.bought, _owned(units_in(group.rendering), group.player))
            if unused := _UNUSED.search(said):
                bid.unused = int(unused["unused"])
        elif buying and _RETAINS.match(said):
            bid.unused = sum(amount for _, resource, amount in map(resource_fields, resource_changes(group))
                             if resource == "PUs") or bid.unused
        elif is_a(group.rendering, "PlacementDescription"):
            where = name_of(get(group.rendering, "territory")) or "?"
            _merge(bid.placements.setdefault(where, []), _owned(units_in(get(group.rendering, "units")),
                                                                 group.player))
            bid.step = bid.step or group.step
    return list(found.values())


def _units(units: list[UnitStack]) -> str:
    return ", ".join(f"{s.count} {s.type}" for s in units) or "nothing"


def bids_text(bids: list[Bid]) -> list[str]:
    """The 'Bids' section of show-save."""
    lines = ["", f"Bids ({len(bids)}):"]
    if not bids:
        return [*lines, "  none"]
    for bid in bids:
        budget = "?" if bid.budget is None else f"{bid.budget} PUs"
        unused = "" if bid.unused is None else f", {bid.unused} PUs unused"
        lines.append(f"  [round {bid.round} {bid.player}] bid {budget}: bought {_units(bid.bought)}{unused}")
        lines += [f"    placed in {where}: {_units(units)}" for where, units in bid.placements.items()]
    return lines
