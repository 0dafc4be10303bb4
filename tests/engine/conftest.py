"""Fixtures for the reference engine tests: real maps from ../shared and a log runner."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from compiler.engine.check import check_events
from compiler.engine.log import apply_initial, load_log
from compiler.engine.replay import Violation
from compiler.engine.world import World, build_world
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


Runner = Callable[[str, list[dict], str], list[Violation]]


@pytest.fixture
def run(world: Callable[[str], World], tmp_path: Path) -> Runner:
    """run(map, house_rules, log_yaml) -> violations; the log goes through the real loader."""

    def go(map_name: str, rules: list[dict], log_text: str) -> list[Violation]:
        path = tmp_path / "log.yaml"
        path.write_text(textwrap.dedent(log_text), encoding="utf-8")
        log = load_log(path)
        w = world(map_name)
        assert w.initial is not None
        return check_events(w, rules, apply_initial(w.initial, log.initial), log.events, str(path))

    return go


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line of the dedented text containing needle."""
    for i, line in enumerate(textwrap.dedent(text).splitlines(), start=1):
        if needle in line:
            return i
    raise AssertionError(needle)


def where(violations: list[Violation]) -> list[tuple[str, int, str | None, str | None, int | None]]:
    """(rule, round, player, step, log line) of each violation: what the rule tests assert on."""
    return [(v.rule, v.round, v.player, v.step, v.line) for v in violations]
