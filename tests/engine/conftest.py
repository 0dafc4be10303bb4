"""Fixtures for the reference engine tests: real maps from ../shared and a log runner."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from compiler.engine.check import check_events
from compiler.engine.log import apply_initial, load_log
from compiler.engine.world import World, build_world
from compiler.problems import Problem, Severity
from compiler.xml.parse import parse_file

MAPS = {
    "classic": "world_war_ii_classic/map/games/classic.xml",
    "g40": "g40_alt_universe/map/games/G40_Alt_Universe.xml",
    "empire": "empire/map/games/Empire.xml",
    "aggression": "aggression_1939/map/games/aggression_1939.xml",
}

_worlds: dict[str, World] = {}


@pytest.fixture(scope="session")
def world(shared: Path) -> Callable[[str], World]:
    """world('g40') -> the World of a reference map (parsed once per session)."""

    def get(name: str) -> World:
        if name not in _worlds:
            _worlds[name] = build_world(parse_file(shared / "reference" / "maps" / MAPS[name]).model)
        return _worlds[name]

    return get


class Broken(NamedTuple):
    """A broken house rule as the rule tests read it: the Problem's code, moment, line and message."""

    rule: str
    round: int
    player: str | None
    step: str | None
    line: int | None
    message: str

    @classmethod
    def of(cls, problem: Problem, path: Path) -> Broken:
        """Also checks what every house-rule problem has: an error in the log, at a moment of the game."""
        assert problem.severity is Severity.ERROR and problem.location.path == str(path)
        assert problem.when is not None and problem.when.event is not None
        when = problem.when
        return cls(problem.code, when.round, when.player, when.step, problem.location.line or None, problem.message)


Runner = Callable[[str, list[dict], str], list[Broken]]


@pytest.fixture
def run(world: Callable[[str], World], tmp_path: Path) -> Runner:
    """run(map, house_rules, log_yaml) -> the broken rules; the log goes through the real loader."""

    def go(map_name: str, rules: list[dict], log_text: str) -> list[Broken]:
        path = tmp_path / "log.yaml"
        path.write_text(textwrap.dedent(log_text), encoding="utf-8")
        log = load_log(path)
        w = world(map_name)
        assert w.initial is not None
        found = check_events(w, rules, apply_initial(w.initial, log.initial), log.events, str(path))
        return [Broken.of(p, path) for p in found]

    return go


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line of the dedented text containing needle."""
    for i, line in enumerate(textwrap.dedent(text).splitlines(), start=1):
        if needle in line:
            return i
    raise AssertionError(needle)


def where(found: list[Broken]) -> list[tuple[str, int, str | None, str | None, int | None]]:
    """(rule, round, player, step, log line) of each broken rule: what the rule tests assert on."""
    return [(b.rule, b.round, b.player, b.step, b.line) for b in found]
