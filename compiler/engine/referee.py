"""The referee: house rules judging a game as events are pushed on its Board.

A Referee watches a Board (compiler/engine/board.py). Each rule sees an event *before* it is applied
(`before`) and after (`after`), and is told when a turn starts (`start_turn`), when it ends
(`end_turn`) and, from `finish`, when the game ends (`end_game`). Every message a rule yields becomes
a Problem: its code the rule's id, its location the event's line in a game log (or just the path of
a save), its moment the round, player and step then, with the event's position in the history. A player
gaining an advance no rule in use names is a warning (`advance-unnamed`: compiler/engine/rules/advance_names.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.advance_names import unnamed_advance
from compiler.engine.rules.base import HouseRule
from compiler.problems import Location, Moment, Problem, Severity


class Referee:
    """Collects the problems of the given house rules over every push of a board."""

    def __init__(self, rules: Sequence[HouseRule], path: str = "") -> None:
        self.rules = list(rules)
        self.path = path
        self.problems: list[Problem] = []

    def turn_ends(self, board: Board) -> None:
        for rule in self.rules:
            self._collect(rule, rule.end_turn(board), board)

    def turn_starts(self, board: Board) -> None:
        for rule in self.rules:
            self._collect(rule, rule.start_turn(board), board)

    def before(self, board: Board, event: ev.EventBase) -> None:
        if isinstance(event, ev.AdvanceGained) and (said := unnamed_advance(self.rules, event)):
            self.problems.append(Problem("advance-unnamed", said, Location(self.path, event.line or 0, 0),
                                         Severity.WARNING, when=self._moment(board)))
        for rule in self.rules:
            self._collect(rule, rule.before(board, event), board)

    def after(self, board: Board, event: ev.EventBase) -> None:
        for rule in self.rules:
            self._collect(rule, rule.after(board, event), board)

    def finish(self, board: Board) -> list[Problem]:
        """End the last turn and the game; every problem, in the order found."""
        self.turn_ends(board)
        for rule in self.rules:
            self._collect(rule, rule.end_game(board), board)
        return self.problems

    def _collect(self, rule: HouseRule, messages: Iterable[str], board: Board) -> None:
        """Each message as a Problem at the board's last event (the one being pushed, or the last one
        of the turn that ends), numbered in the history (events a scheduled trigger added do not count)."""
        for message in messages:
            event = board.events[-1] if board.events else None
            line = event.line or 0 if event is not None else 0
            self.problems.append(Problem(rule.id, message, Location(self.path, line, 0), Severity.ERROR,
                                         when=self._moment(board)))

    @staticmethod
    def _moment(board: Board) -> Moment:
        """The board's moment, with the position of its last event in the history (events a scheduled trigger
        added do not count)."""
        number = sum(1 for e in board.events if e.scheduled is None)
        return Moment(board.round, board.player, board.step, number or None)
