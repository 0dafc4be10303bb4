"""compiler/engine/fit.py: a history that does not fit its game is refused (a log) or located (a save)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.compile import compile_spec
from compiler.engine import events as ev
from compiler.engine.check import ReplayDiverged, check_events
from compiler.engine.fit import EventMisfit, Names
from compiler.engine.state import UnitStack
from compiler.engine.world import World, build_world

SPEC = Path(__file__).resolve().parents[2] / "specs" / "two_fronts.yaml"
W = "Westerners"


@pytest.fixture(scope="module")
def world() -> World:
    model = compile_spec(SPEC).model
    assert model is not None
    return build_world(model)


def _step() -> ev.StepStart:
    return ev.StepStart(round=1, player=W, step="westernCombatMove")


def _move(units: dict[str, int], *route: str, owner: str = W) -> ev.Move:
    return ev.Move(round=1, player=W, step="westernCombatMove", route=list(route),
                   units=[UnitStack(type=t, owner=owner, count=n) for t, n in units.items()])


@pytest.mark.parametrize(("event", "unknown"), [
    (_move({"infantri": 1}, "Westland", "Lowlands"), ["unknown unit type 'infantri'"]),
    (_move({"infantry": 1}, "Westland", "Nowhere"), ["unknown territory 'Nowhere'"]),
    (_move({"infantry": 1}, "Westland", "Lowlands", owner="Martians"), ["unknown player 'Martians'"]),
    (ev.OwnershipChange(round=1, territory="Midmarch", new_owner="Martians"), ["unknown player 'Martians'"]),
    (ev.Battle(round=1, territory="Atlantis", attacker=W, defender="Neutral",
               defender_losses=[UnitStack(type="kraken", owner="Neutral")]),
     ["unknown territory 'Atlantis'", "unknown unit type 'kraken'"]),
    (ev.PoliticalAction(round=1, player=W, action="x", players=["Easterners", "Lowlands", "Ghosts"]),
     ["unknown player 'Ghosts'"]),
    (_move({"infantry": 1}, "Westland", "Lowlands"), []),
])
def test_names_the_game_lacks(world: World, event: ev.EventBase, unknown: list[str]) -> None:
    assert Names(world).unknown(event) == unknown


def _misfit(world: World, *events: ev.EventBase) -> EventMisfit:
    with pytest.raises(EventMisfit) as caught:
        check_events(world, [], None, [_step(), *events], "log.yaml", strict=True)
    return caught.value


def test_a_log_moving_absent_units_or_naming_unknown_things_is_refused(world: World) -> None:
    error = _misfit(world, _move({"armour": 2}, "Westland", "Lowlands"), _move({"armour": 3}, "Lowlands", "Midmarch"))
    assert (error.number, error.reason) == (3, "takes 3 armour (Westerners) from Lowlands, which holds 2")
    assert _misfit(world, _move({"infantri": 1}, "Westland", "Lowlands")).reason == "unknown unit type 'infantri'"
    assert check_events(world, [], None, [_step(), _move({"armour": 2}, "Westland", "Lowlands")], strict=True) == []
    # without strict (a save's history), the replay goes on
    assert check_events(world, [], None, [_step(), _move({"armour": 9}, "Westland", "Lowlands")]) == []


def test_a_diverging_replay_names_the_event_where_it_went_wrong(world: World) -> None:
    assert world.initial is not None
    expected = world.initial.model_copy(deep=True)
    with pytest.raises(ReplayDiverged) as caught:
        check_events(world, [], None, [_step(), _move({"armour": 3}, "Westland", "Lowlands")], "s.tsvg", expected)
    assert caught.value.where == ("it first went wrong at event 2 (round 1, Westerners, westernCombatMove: move), "
                                  "which takes 3 armour (Westerners) from Westland, which holds 2")
    with pytest.raises(ReplayDiverged) as caught:
        check_events(world, [], None, [_step(), _move({"armour": 1}, "Westland", "Lowlands")], "s.tsvg", expected)
    assert caught.value.where == ("event 2 (round 1, Westerners, westernCombatMove: move) was the last to change "
                                  "Lowlands, which differs")
    expected.owners["Isle"] = "Easterners"
    with pytest.raises(ReplayDiverged) as caught:
        check_events(world, [], None, [_step()], "s.tsvg", expected)
    assert caught.value.where == "no event changed Isle: the game's start differs from the save's"
