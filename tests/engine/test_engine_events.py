"""Typed events: battle rounds (rolls, casualties), captures, and logs written before they were typed."""

from __future__ import annotations

from pydantic import TypeAdapter

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.combat import combat_rounds
from compiler.engine.log import load_log_text
from compiler.engine.state import UnitStack

EVENT: TypeAdapter[ev.EventBase] = TypeAdapter(ev.Event)


def _u(t: str, o: str, n: int = 1) -> UnitStack:
    return UnitStack(type=t, owner=o, count=n)


def test_a_battle_round_says_who_fired_and_who_was_lost():
    battle = ev.Battle(round=1, territory="UK4", attacker="Germans", rounds=[
        {"attacker_fired": [{"type": "bomber", "owner": "Germans"}],
         "defender_casualties": [{"type": "infantry", "owner": "British", "count": 2}]},
    ])
    [rnd] = battle.rounds
    assert isinstance(rnd, ev.BattleRound) and rnd.number is None
    assert rnd.attacker_fired == [_u("bomber", "Germans")] and rnd.defender_casualties == [_u("infantry", "British", 2)]


def test_flat_entries_of_one_round_make_one_battle_round():
    """The shape older save readers wrote into logs: a roll or a casualty list per entry, by round number."""
    battle = ev.Battle(round=1, territory="UK4", attacker="Germans", rounds=[
        {"round": 2, "firing": "Germans", "dice": [3, 1], "hits": 1},
        {"round": 2, "text": "AA fire in UK4", "dice": [1], "hits": 1},
        {"round": 2, "casualties": [{"type": "infantry", "owner": "British"}, {"type": "bomber", "owner": "Germans"}]},
        {"round": 3, "firing": "British", "dice": [2], "hits": 0, "units": [{"type": "infantry", "owner": "British"}]},
        {"round": 3, "text": "Germans bombing raid on UK4"},
    ])
    second, third = battle.rounds
    assert second.number == 2 and [(r.firing, r.dice, r.hits, r.text) for r in second.rolls] == [
        ("Germans", [3, 1], 1, None), (None, [1], 1, "AA fire in UK4")]
    assert second.casualties == [_u("infantry", "British"), _u("bomber", "Germans")]
    assert third.number == 3 and third.notes == ["Germans bombing raid on UK4"]
    assert third.rolls[0].units == [_u("infantry", "British")]
    sides = combat_rounds(battle, lambda owner: owner == "Germans")
    assert [r.number for r in sides] == [1, 2]  # numbered in order, whatever the source's numbers
    assert sides[0].attacker_casualties == [_u("bomber", "Germans")]
    assert sides[0].defender_casualties == [_u("infantry", "British")]
    assert sides[1].defender_fired == [_u("infantry", "British")] and not sides[1].attacker_fired


def test_a_bombing_raid_roll_totals_its_damage():
    battle = ev.Battle(round=1, territory="UK4", rounds=[{"firing": "Germans", "dice": [3, 5], "damage": [7, 9]}])
    [roll] = battle.rounds[0].rolls
    assert roll.total_damage == 16 and not roll.capped and roll.escorts is None
    assert ev.Roll(damage=12).total_damage == 12 and ev.Roll().total_damage is None


def test_typed_events_survive_the_event_union():
    events = [
        ev.Battle(round=2, territory="UK4", attacker="Germans", rounds=[
            ev.BattleRound(number=1, rolls=[ev.Roll(firing="Germans", dice=[2], hits=1)],
                           casualties=[_u("infantry", "British")], notes=["x"]),
            ev.BattleRound(attacker_fired=[_u("bomber", "Germans")]),
        ]),
        ev.Capture(round=2, territory="UK4", new_owner="Germans", count=1),
    ]
    for event in events:
        dumped = event.model_dump(exclude_none=True)
        assert EVENT.validate_python(dumped) == event
        assert EVENT.validate_json(event.model_dump_json()) == event


def test_a_log_reads_captures_and_both_round_shapes():
    log = load_log_text(
        "events:\n"
        "  - {type: step, round: 2, player: Germans, step: germansBattle}\n"
        "  - type: battle\n"
        "    territory: UK4\n"
        "    attacker: Germans\n"
        "    rounds:\n"
        "      - {attacker_fired: [{type: bomber, owner: Germans}]}\n"
        "      - {round: 2, firing: Germans, dice: [5], hits: 0}\n"
        "  - {type: capture, territory: UK4, new_owner: Germans, count: 1}\n",
        "log.yaml",
    )
    step, battle, capture = log.events
    assert isinstance(battle, ev.Battle) and len(battle.rounds) == 2 and battle.rounds[1].rolls[0].dice == [5]
    assert isinstance(capture, ev.Capture) and (capture.line, capture.player, capture.count) == (9, "Germans", 1)


def test_a_note_carries_no_capture(world):
    """Captures have their own event: a note's data (once the way captures were written) moves no units."""
    board = Board(world("classic"))
    before = board.state()
    note = ev.Note(round=1, text="1 unit(s) in Russia change owner to Germans",
                   data={"territory": "Russia", "new_owner": "Germans", "count": 1})
    board.push(note)
    assert board.state().units == before.units
    board.push(ev.Capture(**{**note.data, "round": 1}))
    assert board.state().units != before.units
