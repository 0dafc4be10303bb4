"""Fortune and strategy decks: limited copies per game and luck-weighted draws."""

from __future__ import annotations

import random

from compiler.spec.board_game import BoardGame, Card


class Deck:
    """One deck (fortune or strategy). A draw is a good card with chance `luck`, else a bad one;
    within that class every card with copies left is equally likely. Cards with a number of
    copies run out for the game (Espionage: 4); the others never do."""

    def __init__(self, game: BoardGame, deck: str) -> None:
        self.cards = [card for card in game.cards if card.deck == deck]
        self.left: dict[str, int | None] = {card.name: card.copies for card in self.cards}

    def available(self, good: bool) -> list[Card]:
        return [c for c in self.cards if c.good is good and self.left[c.name] != 0]

    def draw(self, rng: random.Random, luck: float) -> Card | None:
        good = rng.random() < luck
        pool = self.available(good) or self.available(not good)
        if not pool:
            return None
        card = pool[rng.randrange(len(pool))]
        left = self.left[card.name]
        if left is not None:
            self.left[card.name] = left - 1
        return card
