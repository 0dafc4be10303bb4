"""Helpers of the Allies vs. Axis tests: the spec, scripted players and small board setups."""

from __future__ import annotations

from pathlib import Path

from compiler.ava.game import Game, PlayerState
from compiler.ava.players import Player
from compiler.spec import load_board_game
from compiler.spec.board_game import BoardGame, Card

SPEC = Path(__file__).resolve().parents[2] / "specs" / "allies_vs_axis.yaml"
_CFG: BoardGame | None = None


def spec() -> BoardGame:
    global _CFG
    if _CFG is None:
        _CFG = load_board_game(SPEC)
    return _CFG


class Scripted(Player):
    """A player whose answers are fixed: a landing choice by preference, moves, recruits, deploys."""

    kind = "scripted"

    def __init__(self, prefer: tuple[str, ...] = (), step: int = 0, recruit_counts: list[int] | None = None,
                 deploy_all: bool = False, use_cards: bool = True, ransom: bool = True) -> None:
        self.prefer = prefer
        self.step = step
        self.recruit_counts = recruit_counts
        self.deploy_all = deploy_all
        self.use_cards = use_cards
        self.ransom = ransom
        self.seen: list[list[str]] = []

    def pay_ransom(self, view: Game, me: PlayerState, cost: int) -> bool:
        return self.ransom

    def strategic_move(self, view: Game, me: PlayerState, offers: dict[int, int]) -> int:
        return self.step if self.step in offers else 0

    def recruit(self, view: Game, me: PlayerState, limits: list[int]) -> list[int]:
        return list(self.recruit_counts) if self.recruit_counts else [0] * len(limits)

    def landing(self, view: Game, me: PlayerState, space: int, options: list[str]) -> str:
        self.seen.append(list(options))
        for choice in self.prefer:
            if choice in options:
                return choice
        return options[-1]

    def invasion_force(self, view, me, space, need, allowed):  # type: ignore[no-untyped-def]
        from compiler.ava.rules import cheapest_force

        return cheapest_force(me.army, view.units, need, allowed)

    def deploy(self, view: Game, me: PlayerState, space: int, allowed: list[bool]) -> list[int]:
        if not self.deploy_all:
            return [0] * len(allowed)
        return [c if ok else 0 for c, ok in zip(me.army, allowed, strict=True)]

    def use_card(self, view: Game, me: PlayerState, card: Card, space: int) -> bool:
        return self.use_cards


def new_game(mode: str = "normal", allies: Player | None = None, axis: Player | None = None, **kw) -> Game:  # type: ignore[no-untyped-def]
    return Game(spec(), mode, {"allies": allies or Scripted(), "axis": axis or Scripted()}, **kw)


def army(infantry: int = 0, tank: int = 0, aircraft: int = 0, battleship: int = 0) -> list[int]:
    return [infantry, tank, aircraft, battleship]
