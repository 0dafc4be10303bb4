"""A player's turn in a save's history is not interrupted by events that name another player.

TripleA 1.9 saves record resource changes of the *defender* during the attacker's battle step: a
save of diberardino_classic played by the 1.9 AI has, between Japanese moves,
`ResourceChange(round=1, step='japaneseBattle', player='Chinese', amount=-3, reason='Battle in China')`.
`read_save` turns it into an event whose `player` is the defender, and the replay engine
(`Board.starts_turn`) started a new turn whenever an event names a different player. So the attacker's
turn is cut in two: rules that track the turn (air-range's "moved in combat this turn", move-limit,
build-limit) forget it, and violations in between are reported for the wrong player.
"""

from __future__ import annotations

from pathlib import Path

from compiler.compile import compile_spec
from compiler.engine import events as ev
from compiler.engine.check import check_events
from compiler.engine.state import UnitStack

ROOT = Path(__file__).resolve().parents[2]
FIGHTER = [UnitStack(type="fighter", owner="Westerners", count=1)]
AIR_RANGE = [{"id": "air-range", "ranges": {"fighter": {"combat": 2, "back": 1, "noncombat": 4}}}]


def western_turn(defender_loses_pus: bool) -> list[ev.EventBase]:
    """Westerners' fighter attacks Midmarch two spaces away and flies two spaces back (allowed: one)."""
    events: list[ev.EventBase] = [
        ev.StepStart(round=1, step="westernCombatMove", player="Westerners", delegate="move"),
        ev.Move(round=1, step="westernCombatMove", player="Westerners", units=FIGHTER,
                route=["Westland", "Lowlands", "Midmarch"]),
        ev.StepStart(round=1, step="westernBattle", player="Westerners", delegate="battle"),
    ]
    if defender_loses_pus:  # as TripleA 1.9 saves record it (see the module docstring)
        events.append(ev.ResourceChange(round=1, step="westernBattle", player="Easterners", resource="PUs",
                                        amount=-2, reason="Battle in Midmarch"))
    events += [
        ev.StepStart(round=1, step="westernNonCombatMove", player="Westerners", delegate="move"),
        ev.Move(round=1, step="westernNonCombatMove", player="Westerners", units=FIGHTER,
                route=["Midmarch", "Lowlands", "Westland"]),
    ]
    return events


def test_defender_resource_change_does_not_end_the_attackers_turn() -> None:
    model = compile_spec(ROOT / "specs" / "two_fronts.yaml", "1.9").model
    assert model is not None
    plain = check_events(model, AIR_RANGE, None, western_turn(False))
    assert [(v.code, v.when.player, v.when.step) for v in plain if v.when] == [
        ("air-range", "Westerners", "westernNonCombatMove")]
    with_loss = check_events(model, AIR_RANGE, None, western_turn(True))
    assert [(v.code, v.when.player, v.when.step) for v in with_loss if v.when] == [
        ("air-range", "Westerners", "westernNonCombatMove")]
