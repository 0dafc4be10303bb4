"""Scheduled triggers in a replay (compiler/engine/schedule.py, takeover.py): Aggression 1939's joins
fire where TripleA fires them, once, on logs with and without steps."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path

import pytest

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.log import apply_initial, load_log_text
from compiler.engine.schedule import Schedule, ScheduleError, parse_rounds
from compiler.engine.takeover import TakeoverError
from compiler.engine.world import World, build_world
from compiler.load import LoadedGame, load_game
from compiler.spec.constructs import PoliticsSpec, ScheduledEvent

ROOT = Path(__file__).resolve().parents[2]


@cache
def aggression() -> tuple[LoadedGame, World]:
    game = load_game(ROOT / "specs" / "aggression_1939.yaml")
    return game, build_world(game.model)


def replay(log: str, politics: PoliticsSpec | None = None) -> Board:
    """The board after a log (YAML text) replayed with Aggression's schedule (or `politics`)."""
    game, world = aggression()
    assert game.spec is not None and world.initial is not None
    parsed = load_log_text(textwrap.dedent(log), "log.yaml")
    board = Board(world, apply_initial(world.initial, parsed.initial))
    Schedule.of(politics or game.spec.politics, game.model, world).replay(board, parsed.events)
    return board


def added(board: Board) -> list[tuple[str | None, str, str | None]]:
    """(trigger, event type, territory) of each event the schedule added."""
    return [(e.scheduled, e.__class__.__name__, getattr(e, "territory", None)) for e in board.events if e.scheduled]


@pytest.mark.parametrize(("text", "ranges"), [
    ("3", [(3, 3)]), ("1-30", [(1, 30)]), ("2:5-+", [(2, 2), (5, (1 << 31) - 1)]),
])
def test_rounds_are_read_as_tripleA_reads_them(text, ranges):
    assert parse_rounds(text) == ranges


def test_a_bad_rounds_list_is_refused():
    with pytest.raises(ScheduleError, match="bad rounds"):
        parse_rounds("2-x")


def test_benelux_joins_after_englands_end_turn_of_round_1():
    board = replay("""\
        events:
          - {type: step, round: 1, player: England, step: englandEndTurn}
          - {type: note, text: England collects}
          - {type: step, round: 1, player: Japan, step: japanCombatMove}
    """)
    assert board.owners["Netherlands"] == "England" and board.owners["W.Guinea"] == "England"
    # the capture converts the neutral infantry into English infantry (whenCapturedChangesInto)
    assert board.count("Netherlands", "infantry", "England") == 1 and board.count("Netherlands") == 1
    first = next(i for i, e in enumerate(board.events) if e.scheduled)
    assert [e.step for e in board.events[first - 2:first]] == ["englandEndTurn", "englandEndTurn"]
    assert {(e.round, e.step, e.player) for e in board.events if e.scheduled} == {(1, "englandEndTurn", "England")}
    assert isinstance(board.events[-1], ev.StepStart) and board.events[-1].player == "Japan"


def test_a_log_without_steps_gets_the_joins_at_the_turn_after():
    board = replay("""\
        events:
          - {type: move, round: 1, player: Germany, units: {infantry: 1}, route: [Germany, Lorraine]}
          - {type: move, round: 1, player: England, units: {infantry: 1}, route: [Britain, Normandy]}
          - {type: move, round: 2, player: Germany, units: {infantry: 1}, route: [Lorraine, Normandy]}
          - {type: move, round: 2, player: Russia, units: {infantry: 1}, route: [Normandy, Lorraine]}
    """)
    kinds = [(e.scheduled or "history", e.player) for e in board.events]
    benelux = kinds.index(("BeneluxJoinsEngland", "England"))
    italy = kinds.index(("ItalyJoins", "Germany"))
    assert kinds[benelux - 1] == ("history", "England") and kinds[italy - 1] == ("history", "Germany")
    assert kinds[-1] == ("history", "Russia") and board.owners["N.Italy"] == "Italy"
    # Italy's fleet: the neutral ships removed, Italian ones placed
    assert board.count("Sea Zone 26", owner="NeutralNations") == 0
    assert board.count("Sea Zone 26", "cruiser", "Italy") == 1 and board.count("Sea Zone 25", "cruiser", "Italy") == 1
    assert board.count("N.Italy", "factory", "Italy") == 1 and board.count("N.Italy", "infantry", "Italy") == 4


def test_nothing_fires_after_the_last_event():
    board = replay("""\
        events:
          - {type: step, round: 1, player: England, step: englandEndTurn}
    """)
    assert board.owners["Netherlands"] == "NeutralNations" and added(board) == []


def test_an_initial_state_later_in_the_game_skips_earlier_rounds():
    board = replay("""\
        initial: {round: 3}
        events:
          - {type: step, round: 3, player: Russia, step: russiaCombatMove}
    """)
    assert {(t, territory) for t, _, territory in added(board)} == {("GreeceJoinsEngland", "Greece"),
                                                                   ("GreeceJoinsEngland", "Crete")}
    assert board.count("Greece", "trench", "England") == 4 and board.count("Greece", "factory", "England") == 1
    assert board.owners["Netherlands"] == "NeutralNations"


def test_a_history_that_records_the_join_gets_it_once():
    log = """\
        events:
          - {type: step, round: 1, player: England, step: englandEndTurn}
          - {type: place, territory: Netherlands, units: {infantry: 1}}
          - {type: remove, territory: Netherlands, units: [{type: neutralinfantry, owner: NeutralNations}]}
          - {type: ownership, territory: Netherlands, old_owner: NeutralNations, new_owner: England}
          - {type: step, round: 1, player: Japan, step: japanCombatMove}
    """
    board = replay(log)
    assert added(board) == [] and board.count("Netherlands", "infantry", "England") == 1
    # the other Benelux territories stay neutral: the history says what the trigger did
    assert board.owners["Congo"] == "NeutralNations"


def test_a_conquest_in_the_same_round_is_not_the_join():
    board = replay("""\
        events:
          - {type: step, round: 1, player: Germany, step: germanyBattle}
          - {type: ownership, territory: Netherlands, old_owner: NeutralNations, new_owner: Germany}
          - {type: step, round: 2, player: Germany, step: germanyCombatMove}
    """)
    # Netherlands is German now, so the trigger (from NeutralNations) passes it by; the rest join
    assert board.owners["Netherlands"] == "Germany" and board.owners["Congo"] == "England"
    assert "Netherlands" not in {t for _, _, t in added(board)}


def _politics(**event: object) -> PoliticsSpec:
    base = {"name": "Test", "round": 1, "when": "before:germanyCombatMove", "player": "Germany"}
    return PoliticsSpec(schedule=[ScheduledEvent.model_validate({**base, **event})])


def test_relationship_changes_and_plain_ownership_changes():
    politics = _politics(
        relationships=[{"players": ["Germany", "NeutralNations"], "from": "Neutrality", "to": "Allied"}],
        transfer=[{"from": "NeutralNations", "to": "Germany", "territories": ["Finland"], "capture_units": False}])
    board = replay("""\
        events:
          - {type: step, round: 1, player: Germany, step: germanyCombatMove}
          - {type: step, round: 1, player: Germany, step: germanyBattle}
    """, politics)
    assert board.relationship("Germany", "NeutralNations") == "Allied"
    assert board.owners["Finland"] == "Germany"
    assert board.count("Finland", "neutralinfantry", "NeutralNations") == 3  # a plain change leaves the units
    assert [k for _, k, _ in added(board)] == ["PoliticalAction", "OwnershipChange"]
    assert board.events[1].scheduled == "Test" and board.events[1].step == "germanyCombatMove"


def test_taking_a_capital_from_its_player_is_not_modelled():
    politics = _politics(transfer=[{"from": "England", "to": "Germany", "territories": ["Britain"]}])
    with pytest.raises(TakeoverError, match="Britain is England's capital"):
        replay("events:\n  - {type: step, round: 1, player: Germany, step: germanyBattle}\n", politics)


def test_no_trigger_fires_without_use_triggers():
    game, world = aggression()
    model = game.model.model_copy(deep=True)
    model.properties = [p for p in model.properties if p.name != "Use Triggers"]
    assert Schedule.of(game.spec.politics if game.spec else None, model, world).triggers == []


def test_check_log_refuses_a_schedule_it_cannot_replay(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from compiler.cli import main

    seized = ("    - {name: Seized, round: 1, when: after:germanyEndTurn, player: Germany,\n"
              "       transfer: [{from: England, to: Germany, territories: [Britain]}]}\n")
    text = (ROOT / "specs" / "aggression_1939.yaml").read_text(encoding="utf-8")
    spec = tmp_path / "spec.yaml"
    spec.write_text(text.replace("politics:\n  schedule:\n", "politics:\n  schedule:\n" + seized, 1), encoding="utf-8")
    log = tmp_path / "log.yaml"
    log.write_text("events:\n  - {type: step, round: 2, player: Germany, step: germanyCombatMove}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check-log", str(log), "--spec", str(spec)])
    assert result.exit_code == 2, result.output
    assert "Britain is England's capital" in result.stderr and "[bad-schedule]" in result.stderr
