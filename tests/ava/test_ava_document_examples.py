"""Every worked example of the rule document, through the formulas and through the engine."""

from __future__ import annotations

from ava_helpers import Scripted, army, new_game, spec

from compiler.ava import rules


def test_invade_power_of_one_of_each_is_16() -> None:
    assert rules.invade_power(army(1, 1, 1, 1), spec().units) == 16


def test_defend_power_of_one_of_each_is_22() -> None:
    assert rules.support_power(army(1, 1, 1, 1), spec().units) == 6
    assert rules.defence_power(army(1, 1, 1, 1), spec().units) == 22


def test_support_pairs_units_with_stronger_types() -> None:
    units = spec().units
    # 10 infantry support only the 2 tanks: 10 + 6 + 2
    assert rules.defence_power(army(10, 2), units) == 18
    # battleships support nobody
    assert rules.defence_power(army(0, 0, 0, 3), units) == 21


def test_albania_treaty_costs_200_then_300_after_one_treaty() -> None:
    game = new_game()
    albania = spec().space_index("Albania")
    assert game.defence_power(albania) == 10
    me = game.state["allies"]
    assert game.treaty_cost(albania, me) == 200
    me.treaties = 1  # e.g. signed with Norway before
    assert game.treaty_cost(albania, me) == 300


def test_treaty_through_the_engine_counts_up() -> None:
    game = new_game(allies=Scripted(prefer=("treaty",)))
    me = game.state["allies"]
    me.money = 10_000
    game.land(me, game.players["allies"], spec().space_index("Norway"))  # defence 8: 8 x 20
    assert me.money == 10_000 - 160 and me.treaties == 1
    game.land(me, game.players["allies"], spec().space_index("Albania"))  # 10 x 30
    assert me.money == 10_000 - 160 - 300
    assert game.owner[spec().space_index("Albania")] == "allies"


def test_penalty_of_30_percent_on_300_takes_89_infantry_and_the_tank() -> None:
    owed = rules.penalty_power(300, 0.30)
    assert owed == 90
    assert rules.penalty_losses(army(89, 1), spec().units, owed) == army(89, 1)
    assert rules.penalty_losses(army(100, 1), spec().units, owed) == army(90, 0)


def test_penalty_through_the_engine_and_jail() -> None:
    game = new_game(allies=Scripted(prefer=("penalty",)))
    albania = spec().space_index("Albania")
    game.owner[albania] = "axis"
    game.defence[albania] = army(300)
    me = game.state["allies"]
    me.army = army(89, 1)
    game.land(me, game.players["allies"], albania)
    assert me.army == army(0, 0) and me.in_jail and me.jailed == 1
    me.army = army(100, 1)
    me.in_jail = False
    game.land(me, game.players["allies"], albania)
    assert me.army == army(10, 1) and not me.in_jail


def test_fierce_battles_penalty_rate_is_50_percent() -> None:
    game = new_game("fierce-battles", allies=Scripted(prefer=("penalty",)))
    albania = spec().space_index("Albania")
    game.owner[albania] = "axis"
    game.defence[albania] = army(100)
    me = game.state["allies"]
    me.army = army(200)
    game.land(me, game.players["allies"], albania)
    assert me.army == army(150)


def test_strategic_move_costs() -> None:
    costs = spec().costs
    assert [rules.strategic_move_cost(1, n, costs) for n in range(3)] == [1000, 2000, 3000]
    assert [rules.strategic_move_cost(-1, n, costs) for n in range(3)] == [1000, 2000, 3000]
    assert [rules.strategic_move_cost(2, n, costs) for n in range(3)] == [2000, 4000, 6000]
    assert [rules.strategic_move_cost(-2, n, costs) for n in range(3)] == [2000, 4000, 6000]


def test_strategic_moves_through_the_engine() -> None:
    for step, expected in ((1, [1000, 2000, 3000]), (-2, [2000, 4000, 6000])):
        game = new_game(allies=Scripted(step=step), record=True)
        game.state["allies"].money = 100_000
        game.round = 1
        for _ in range(3):
            game.turn("allies")
        paid = [-e.amount for e in game.events if e.type == "resources" and e.reason == "strategic move"]
        assert paid == expected
        moves = [e.route for e in game.events if e.type == "move" and e.step == "strategic-move"]
        assert [len(route) - 1 for route in moves] == [abs(step)] * 3


def test_ransom_2000_4000_6000_paid_to_the_opponent() -> None:
    game = new_game(record=True)
    me, opp = game.state["allies"], game.state["axis"]
    paid = []
    for times in (1, 2, 3):
        me.money, opp.money = 100_000, 0
        me.in_jail, me.jailed = True, times
        game.turn("allies")
        paid.append(opp.money)
        assert not me.in_jail
    assert paid == [2000, 4000, 6000]


def test_prisoner_without_money_stays_in_jail() -> None:
    game = new_game(allies=Scripted(step=1))
    me = game.state["allies"]
    for i, owner in enumerate(game.owner):
        if owner == "allies":
            game.owner[i] = None  # no income
    me.money, me.in_jail, me.jailed = 1999, True, 1
    position = me.position
    game.turn("allies")
    assert me.in_jail and me.position == position and me.money == 1999
