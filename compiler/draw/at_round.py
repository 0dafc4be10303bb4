"""The board of a save at the end of a round: the game's start replayed in the engine's Board up to
that round (the save itself keeps only its final state)."""

from __future__ import annotations

from collections.abc import Sequence

from compiler.engine.board import Board
from compiler.engine.events import EventBase
from compiler.engine.state import GameState
from compiler.engine.world import build_world
from compiler.model.game import GameModel
from compiler.problems import InputError, Location


def state_at_round(model: GameModel, events: Sequence[EventBase], round_: int, path: str = "") -> GameState:
    """The state after every event of rounds up to `round_`; InputError when the history has no such round."""
    rounds = sorted({e.round for e in events})
    if not rounds or not rounds[0] <= round_ <= rounds[-1]:
        have = f"rounds {rounds[0]} to {rounds[-1]}" if rounds else "no events"
        raise InputError(f"the save has no round {round_} ({have})", Location(path), "bad-invocation")
    board = Board(build_world(model))
    for event in events:
        if event.round > round_:
            break
        board.push(event)
    return board.state()
