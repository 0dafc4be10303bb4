"""Allies vs. Axis: a complete reference engine of the Monopoly-like WW2 board game.

config (the spec's `board_game:` model and loader), rules (the document's formulas), cards (decks),
game (state, turn sequence, end conditions), players/ai/human (who decides), match (series,
summaries, game logs). The `play` command drives it.
"""
