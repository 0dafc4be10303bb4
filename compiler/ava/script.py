"""A player whose answers are fixed beforehand: scripted situations (proofs of rule rows, tests).

It records the landing choices the engine offered it, so a situation can show what was allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from compiler.ava import rules
from compiler.ava.players import Player
from compiler.spec.board_game import Card, Unit

if TYPE_CHECKING:
    from compiler.ava.game import Game, PlayerState


def named_counts(counts: Sequence[int], units: Sequence[Unit]) -> dict[str, int]:
    """Counts in the spec's unit order as an army named by unit, the units with none left out (the inverse
    of counts_of)."""
    return {u.name: n for u, n in zip(units, counts, strict=True) if n}


def counts_of(army: Mapping[str, int], units: Sequence[Unit]) -> list[int]:
    """An army named by unit ({infantry: 3}) as counts in the spec's unit order; an unknown unit is an error."""
    names = {u.name for u in units}
    unknown = sorted(set(army) - names)
    if unknown:
        raise ValueError(f"unknown unit {unknown[0]!r} (units: {', '.join(u.name for u in units)})")
    return [int(army.get(u.name, 0)) for u in units]


class ScriptedPlayer(Player):
    """Answers from a script: landing choices by preference (else the last option offered, which declines),
    one strategic move, fixed recruits and defence, an invasion force (default: the cheapest sufficient one),
    whether to use cards and pay ransom, and a token."""

    kind = "scripted"

    def __init__(self, units: Sequence[Unit], *, prefer: Sequence[str] = (), step: int = 0,
                 recruit: Mapping[str, int] | None = None, deploy: Literal["all"] | Mapping[str, int] | None = None,
                 force: Mapping[str, int] | None = None, use_cards: bool = True, ransom: bool = True,
                 token: str | None = None) -> None:
        self.prefer = list(prefer)
        self.step = step
        self.recruit_counts = counts_of(recruit or {}, units)
        self.deploy_counts: Literal["all"] | list[int] = "all" if deploy == "all" else counts_of(deploy or {}, units)
        self.force = None if force is None else counts_of(force, units)
        self.use_cards = use_cards
        self.ransom = ransom
        self.chosen_token = token
        self.offered: list[list[str]] = []

    def token(self, view: Game, me: PlayerState, tokens: list[str]) -> str:
        return self.chosen_token if self.chosen_token in tokens else tokens[0]

    def pay_ransom(self, view: Game, me: PlayerState, cost: int) -> bool:
        return self.ransom

    def strategic_move(self, view: Game, me: PlayerState, offers: dict[int, int]) -> int:
        return self.step if self.step in offers else 0

    def recruit(self, view: Game, me: PlayerState, limits: list[int]) -> list[int]:
        return list(self.recruit_counts)

    def landing(self, view: Game, me: PlayerState, space: int, options: list[str]) -> str:
        self.offered.append(list(options))
        return next((choice for choice in self.prefer if choice in options), options[-1])

    def invasion_force(
        self, view: Game, me: PlayerState, space: int, need: int, allowed: list[bool]
    ) -> list[int] | None:
        if self.force is not None:
            return list(self.force)
        return rules.cheapest_force(me.army, view.units, need, allowed)

    def deploy(self, view: Game, me: PlayerState, space: int, allowed: list[bool]) -> list[int]:
        if self.deploy_counts == "all":
            return [c if ok else 0 for c, ok in zip(me.army, allowed, strict=True)]
        return list(self.deploy_counts)

    def use_card(self, view: Game, me: PlayerState, card: Card, space: int) -> bool:
        return self.use_cards
