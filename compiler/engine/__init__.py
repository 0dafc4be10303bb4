"""The reference engine: game state, events and house rules."""
