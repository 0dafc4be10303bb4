"""The reference engine: game state, events and house rules.

- state.py, events.py: the shared vocabulary (GameState, the serialisable snapshot saves are read
  into; the typed events of a history, read from game logs through the `Event` union);
- world.py: map knowledge read from a GameModel (adjacency, alliances, relationship archetypes,
  unit kinds, canals, phases, initial state);
- position.py: owners, units, resources and relationships in fast mutable form;
- board.py: the live game, like python-chess's Board: `push(event)` applies an event (one place
  says what each event type does), `pop()` takes it back; it knows the moment, the position at the
  start of the turn, and answers relationship questions;
- referee.py: house rules watching a board's pushes, each broken rule a compiler.problems.Problem;
- combat.py: a battle's rounds split by side; divergence.py: where a replay and a save disagree;
- rules/: house rules, one module each, registry `registry()`; check.py: `check_events`;
- log.py: our game log format (YAML/JSON) with a loader keeping lines and an atomic writer.
"""
