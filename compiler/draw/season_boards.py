"""The boards of one save of a season at its violations: each distinct (round, step) with a violation drawn once,
as the board stood when that step ended (after the last violation in it, through the step's last event).

A save's problems are numbered 1, 2, ... in the order judged; a board's marks carry those numbers and link to
`#<prefix>problem-N` (compiler/draw/season_report.py lists them under those ids).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from compiler.engine.events import EventBase
from compiler.problems import Problem
from compiler.season import DrawnBoard

Key = tuple[int, str | None]
"""a moment of the game a board is drawn at: (round, step)"""


def violations_by_moment(problems: Sequence[Problem]) -> dict[Key, list[int]]:
    """(round, step) -> the numbers (1-based, in `problems`) of the violations there, in the order met."""
    found: dict[Key, list[int]] = {}
    for number, problem in enumerate(problems, start=1):
        if problem.is_error and problem.when is not None:
            found.setdefault((problem.when.round, problem.when.step), []).append(number)
    return found


def _end(events: Sequence[EventBase], key: Key, numbers: list[int], problems: Sequence[Problem]) -> int:
    """How many events of the history lead to the board of `key`: through the last violation's event there, then
    on to the end of that step; without event numbers, through the step's last event (else the round's)."""
    round_, step = key
    known = [n for i in numbers if (w := problems[i - 1].when) is not None and (n := w.event)
             and 0 < n <= len(events)]
    if known:
        end = max(known)
        while end < len(events) and events[end].round == round_ and events[end].step == step:
            end += 1
        return end
    same = [i for i, e in enumerate(events, start=1) if e.round == round_ and e.step == step]
    if same:
        return same[-1]
    return max((i for i, e in enumerate(events, start=1) if e.round <= round_), default=0)


def draw_boards(save: Path, problems: Sequence[Problem], prefix: str) -> list[DrawnBoard]:
    """The save's boards at its violations (none when it has none), marks linked with the id prefix `prefix`."""
    moments = violations_by_moment(problems)
    if not moments:
        return []
    from compiler.draw.save_board import draw_save_board
    from compiler.draw.svg import render_svg
    from compiler.engine.board import Board
    from compiler.saves import read_save

    saved = read_save(save, world=True)
    world = saved.world
    assert world is not None
    events = list(saved.events)
    ends = sorted(((_end(events, key, numbers, problems), key) for key, numbers in moments.items()),
                  key=lambda pair: pair[0])
    board, pushed, drawn = Board(world), 0, []
    for end, key in ends:
        for event in events[pushed:end]:
            board.push(event)
        pushed = max(pushed, end)
        numbers = moments[key]
        scene = draw_save_board(world, board.state(), [problems[n - 1] for n in numbers], events, numbers)
        first = problems[numbers[0] - 1].when
        drawn.append(DrawnBoard(key[0], key[1], first.player if first else None, tuple(numbers),
                                tuple(m.number for m in scene.marks), render_svg(scene, linked=prefix)))
    return drawn
