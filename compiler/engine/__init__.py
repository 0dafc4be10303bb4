"""The reference engine: game state, events and house rules.

- state.py, events.py: the shared vocabulary (GameState, the event models);
- world.py: map knowledge read from a GameModel (adjacency, alliances, relationship archetypes,
  unit kinds, canals, phases, initial state);
- board.py: the mutable state the engine changes event by event; replay.py: the engine core
  (Engine, Context, Violation); combat.py: combat rounds in one shape;
- rules/: house rules, one module each, registry `RULES`; check.py: `check_events`;
- log.py: our game log format (YAML/JSON) with a loader keeping lines and an atomic writer.
"""
