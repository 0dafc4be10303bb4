"""The decisions a player makes; AIs and the terminal player implement this interface.

The engine asks, checks the answer is legal, and applies it. `view` is the `Game` (read only for
players); `me` is the deciding side's `PlayerState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.spec.board_game import Advantage, Card

if TYPE_CHECKING:
    from compiler.ava.game import Game, PlayerState


class Player:
    """Base player: declines everything optional. Subclasses override the decisions they make."""

    kind = "passive"
    advantages: tuple[Advantage, ...] | list[Advantage] = ()
    """Starting advantages; the engine draws one at game start (the Battleship AI's extras)."""

    def setup(self, view: Game, me: PlayerState) -> None:
        """Called once before the first turn (the Battleship AI draws its advantage here)."""

    def token(self, view: Game, me: PlayerState, tokens: list[str]) -> str:
        """Select one of the side's tokens before the game starts."""
        return tokens[0]

    def pay_ransom(self, view: Game, me: PlayerState, cost: int) -> bool:
        return True

    def strategic_move(self, view: Game, me: PlayerState, offers: dict[int, int]) -> int:
        """Pick a step (+1, -1, +2, -2) from `offers` (step -> cost), or 0 for none."""
        return 0

    def recruit(self, view: Game, me: PlayerState, limits: list[int]) -> list[int]:
        """Units to recruit (counts per unit type, within `limits` and money)."""
        return [0] * len(limits)

    def use_card(self, view: Game, me: PlayerState, card: Card, space: int) -> bool:
        """Use the kept `card` on board index `space` now?"""
        return False

    def landing(self, view: Game, me: PlayerState, space: int, options: list[str]) -> str:
        """Choose one of `options` (e.g. invade, treaty, base, alliance, penalty, pass)."""
        return options[-1]

    def invasion_force(
        self, view: Game, me: PlayerState, space: int, need: int, allowed: list[bool]
    ) -> list[int] | None:
        """Units to invade with (invade power >= need, allowed types only), or None to give up."""
        return None

    def deploy(self, view: Game, me: PlayerState, space: int, allowed: list[bool]) -> list[int]:
        """Units of the available army to place as defence of own territory `space`."""
        return [0] * len(allowed)

    def notify(self, text: str) -> None:
        """A line of game news (the terminal player prints it)."""
