"""AdvanceGained: an advance a player comes to hold without a roll (TripleA's tech activation, a trigger, an
edit), applied by the Board and judged by the house rules that depend on advances; a gained advance that no
rule in use names is a warning (compiler/engine/rules/advance_names.py)."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Callable
from pathlib import Path

from compiler.engine.board import Board
from compiler.engine.check import check_events
from compiler.engine.events import AdvanceGained, StepStart
from compiler.engine.log import apply_initial, load_log
from compiler.engine.rules import registry
from compiler.engine.rules.advance_names import NAMED_BY
from compiler.engine.world import World
from compiler.problems import Problem, Severity

RULES = Path(__file__).resolve().parents[2] / "compiler" / "engine" / "rules"
AIR = {"id": "air-range", "ranges": {"fighter": {"combat": 1, "noncombat": 2}},
       "advances": {"Long Range Aircraft": {"fighter": {"combat": 2, "noncombat": 4}}}}
LOG = """\
    events:
      - {type: step, round: 1, player: Germans, step: germanTechActivation}
{gained}
      - {type: step, step: germanCombatMove}
      - {type: move, units: {fighter: 1}, route: [Germany, East Europe, Karelia S.S.R.]}
"""


def _check(world: World, tmp_path: Path, rules: list[dict], gained: str) -> list[Problem]:
    path = tmp_path / "log.yaml"
    path.write_text(textwrap.dedent(LOG.replace("{gained}", gained)), encoding="utf-8")
    log = load_log(path)
    assert world.initial is not None
    return check_events(world, rules, apply_initial(world.initial, log.initial), log.events, str(path))


def test_an_activated_advance_lets_a_fighter_fly_further(world: Callable[[str], World], tmp_path: Path) -> None:
    classic = world("classic")
    gained = "      - {type: advance, advance: Long Range Aircraft, property: longRangeAir}"
    assert _check(classic, tmp_path, [AIR], gained) == []
    without = _check(classic, tmp_path, [AIR], "      - {type: note, text: nothing activated}")
    assert [(p.code, p.severity) for p in without] == [("air-range", Severity.ERROR)]
    assert "in combat move at most 1" in without[0].message
    lost = gained + "\n      - {type: advance, advance: Long Range Aircraft, gained: false}"
    assert [p.code for p in _check(classic, tmp_path, [AIR], lost)] == ["air-range"]


def test_an_advance_no_rule_names_is_told(world: Callable[[str], World], tmp_path: Path) -> None:
    """DiBerardino's rules name Flying Fortresses; TripleA's game calls it Heavy Bomber."""
    classic = world("classic")
    bombing = {"id": "bombing-losses", "dice": {"Flying Fortresses": 2}, "atomic": "Atomic Bomb"}
    gained = "      - {type: advance, advance: Heavy Bomber, property: heavyBomber}"
    found = _check(classic, tmp_path, [AIR, bombing], gained)
    assert [(p.code, p.severity) for p in found] == [("advance-unnamed", Severity.WARNING), ("air-range",
                                                                                           Severity.ERROR)]
    told = found[0]
    assert told.message.startswith("Germans gain Heavy Bomber (TripleA's heavyBomber), an advance no house rule")
    assert "air-range names Long Range Aircraft" in told.message
    assert "bombing-losses names Atomic Bomb, Flying Fortresses" in told.message
    assert told.when is not None and (told.when.round, told.when.step, told.location.line) == (
        1, "germanTechActivation", 3)
    named = "      - {type: advance, advance: Flying Fortresses}"
    assert [p.code for p in _check(classic, tmp_path, [AIR, bombing], named)] == ["air-range"]
    assert _check(classic, tmp_path, [], gained) == []  # no rule names advances: nothing to tell


def test_every_rule_asking_for_advances_says_which_it_names() -> None:
    """A rule module that asks which advances a player holds (compiler/engine/rules/advances.py) has its names
    read by NAMED_BY, so that an advance it does not name is told."""
    asking = set()
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.ImportFrom) and n.module == "compiler.engine.rules.advances" for n in tree.body):
            asking |= {rule_id for rule_id, cls in registry().items() if cls.__module__.endswith(f".{path.stem}")}
    assert asking and asking == set(NAMED_BY)


def test_the_board_takes_an_advance_back_on_pop(world: Callable[[str], World]) -> None:
    board = Board(world("classic"))
    board.push(StepStart(round=1, step="germanTechActivation", player="Germans"))
    board.push(AdvanceGained(round=1, player="Germans", advance="Jet Power"))
    board.push(AdvanceGained(round=1, player="Russians", advance="Super subs"))
    assert (board.advances("Germans"), board.advances("Russians")) == ({"Jet Power"}, {"Super subs"})
    board.pop()
    board.push(AdvanceGained(round=1, player="Germans", advance="Jet Power", gained=False))
    assert (board.advances("Germans"), board.advances("Russians")) == (set(), set())
    board.pop()
    assert board.advances("Germans") == {"Jet Power"}
