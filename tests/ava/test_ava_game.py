"""Engine rules: landing actions, collection, recruiting, cards, end conditions and modes."""

from __future__ import annotations

import random

from ava_helpers import Scripted, army, new_game, spec

from compiler.ava.cards import Deck
from compiler.ava.game import Game
from compiler.ava.match import run_games
from compiler.ava.players import Player


def idx(name: str) -> int:
    return spec().space_index(name)


def test_start_of_each_mode() -> None:
    expected = {
        "normal": ({"Britain", "France"}, {"Germany", "Italy"}),
        "les-miserables": ({"Britain"}, {"Germany"}),
        "fierce-battles": ({"Britain", "France"}, {"Germany", "Italy"}),
        "without-italy": ({"Britain", "US"}, {"Germany", "Japan"}),
    }
    for mode, (allies, axis) in expected.items():
        game = new_game(mode)
        assert {spec().board[i].name for i in game.owned("allies")} == allies
        assert {spec().board[i].name for i in game.owned("axis")} == axis
        assert game.state["allies"].position == idx("Britain") and game.state["axis"].position == idx("Germany")


def test_collection_from_every_owned_space_and_depleted_resources() -> None:
    game = new_game()
    me = game.state["allies"]
    for name in ("Neutral Bank", "US"):
        game.owner[idx(name)] = "allies"
    money, before = me.money, list(me.army)
    game.collect(me)
    # Britain 500 + France 300 + Neutral Bank 400 + US 600
    assert me.money - money == 1800
    assert [a - b for a, b in zip(me.army, before, strict=True)] == army(6 + 4 + 4, 2 + 1 + 1, 1 + 1, 1 + 1)
    poor = new_game("les-miserables")
    me = poor.state["allies"]
    money = me.money
    poor.collect(me)
    assert me.money - money == 300  # Britain 500 x 0.6


def test_neutral_territory_invaded_with_infantry_only() -> None:
    player = Scripted(prefer=("invade",))
    game = new_game(allies=player)
    me = game.state["allies"]
    me.army = army(5, 10, 10, 10)  # strong, but only 5 infantry against Sweden's 10
    game.land(me, player, idx("Sweden"))
    assert "invade" not in player.seen[-1] and game.owner[idx("Sweden")] is None
    me.army = army(12, 10)
    game.land(me, player, idx("Sweden"))
    assert game.owner[idx("Sweden")] == "allies" and me.army == army(2, 10)
    assert game.defence[idx("Sweden")] == army(0)


def test_hostile_invasion_loses_every_invader_and_needs_the_defence_power() -> None:
    player = Scripted(prefer=("invade",))
    game = new_game(allies=player)
    me = game.state["allies"]
    italy = idx("Italy")
    defence = game.defence_power(italy)
    assert defence == 10 + 9 + 5 + (3 + 1) + 1  # 10 inf, 3 tanks, 1 aircraft and their support
    me.army = army(defence - 1)
    game.land(me, player, italy)
    assert player.seen[-1] == ["penalty"] and game.owner[italy] == "axis"
    me.army = army(0, 5, 5)
    game.land(me, player, italy)
    assert game.owner[italy] == "allies" and game.defence[italy] == army(0)
    assert game.army_power(army(0, 5, 5)) - game.army_power(me.army) >= defence


def test_battleships_only_where_there_is_a_seaport() -> None:
    player = Scripted(deploy_all=True)
    game = new_game(allies=player)
    me = game.state["allies"]
    for name in ("Sweden", "Norway"):
        game.owner[idx(name)] = "allies"
        game.defence[idx(name)] = army(0)
    me.army = army(1, 1, 1, 2)
    game.land(me, player, idx("Sweden"))  # no seaport
    assert game.defence[idx("Sweden")] == army(1, 1, 1, 0) and me.army == army(0, 0, 0, 2)
    game.land(me, player, idx("Norway"))
    assert game.defence[idx("Norway")] == army(0, 0, 0, 2)
    assert not game.allowed[idx("Sweden")][3]


def test_recruit_limits_and_money() -> None:
    game = new_game(allies=Scripted(recruit_counts=[30, 20, 12, 8]))
    me = game.state["allies"]
    me.money, me.army = 100_000, army(0)
    game.recruit(me, game.players["allies"])
    assert me.army == army(24, 16, 10, 6)
    assert me.money == 100_000 - (24 * 50 + 16 * 140 + 10 * 220 + 6 * 300)
    poor = new_game(allies=Scripted(recruit_counts=[30, 0, 0, 0]))
    me = poor.state["allies"]
    me.money, me.army = 1000, army(0)
    poor.recruit(me, poor.players["allies"])
    assert me.army == army(0) and me.money == 1000  # 24 infantry cost 1200


def test_secret_base_and_espionage() -> None:
    player = Scripted(prefer=("base",))
    game = new_game(allies=player, axis=Scripted(prefer=("base",)))
    bank = idx("Neutral Bank")
    axis = game.state["axis"]
    axis.money = 600
    game.land(axis, game.players["axis"], bank)
    assert game.owner[bank] == "axis" and axis.money == 100
    me = game.state["allies"]
    me.money = 500
    game.land(me, player, bank)  # no card: nothing happens, no penalty
    assert game.owner[bank] == "axis" and me.money == 500
    me.cards.append(spec().card("Espionage"))
    game.land(me, player, bank)
    assert game.owner[bank] == "allies" and me.money == 0 and not me.cards


def test_espionage_has_four_copies_a_game() -> None:
    deck = Deck(spec(), "strategy")
    rng = random.Random(1)
    drawn = [deck.draw(rng, 1.0) for _ in range(2000)]
    assert sum(1 for c in drawn if c and c.name == "Espionage") == 4
    assert not any(c and c.name == "Nuclear Bomb" for c in drawn)


def test_luck_sets_the_chance_of_good_cards() -> None:
    rng = random.Random(2)
    for luck in (0.5, 0.65):
        deck = Deck(spec(), "fortune")
        good = sum(deck.draw(rng, luck).good for _ in range(4000))  # type: ignore[union-attr]
        assert abs(good / 4000 - luck) < 0.03


def test_special_alliance_only_with_the_natural_ally_unless_defection() -> None:
    allies, axis = Scripted(prefer=("alliance",)), Scripted(prefer=("alliance",))
    game = new_game(allies=allies, axis=axis)
    me, them = game.state["allies"], game.state["axis"]
    me.money = them.money = 5000
    game.land(them, axis, idx("US"))
    assert game.owner[idx("US")] is None and them.money == 5000
    game.land(me, allies, idx("US"))
    assert game.owner[idx("US")] == "allies" and me.money == 3000
    them.cards.append(spec().card("Defection"))
    game.land(them, axis, idx("US"))
    assert game.owner[idx("US")] == "axis" and them.money == 3000


def test_kept_and_immediate_cards() -> None:
    game = new_game(allies=Scripted(prefer=("invade",)))
    me, them = game.state["allies"], game.state["axis"]
    them.army = army(10)
    game.apply(me, spec().card("Siege of Leningrad"))
    assert them.army == army(5)
    money = me.money
    game.apply(me, spec().card("War Bonds"))
    assert me.money == money + 1000
    italy = idx("Italy")
    game.defence[italy] = army(0, 0, 3, 2)
    me.cards.append(spec().card("Pearl Harbor"))
    me.army = army(0)
    game.land(me, game.players["allies"], italy)  # battleships gone; 3 aircraft remain
    assert game.defence[italy] == army(0, 0, 3, 0) and not me.cards
    me.cards.append(spec().card("Nuclear Bomb"))
    game.land(me, game.players["allies"], italy)
    assert game.owner[italy] == "allies"
    me.cards.append(spec().card("Nuclear Bomb"))
    me.army = army(10)
    game.land(me, game.players["allies"], idx("Germany"))  # not on a main country: a penalty instead
    assert me.cards and game.owner[idx("Germany")] == "axis" and me.army == army(0) and me.in_jail


def test_sudden_death_when_a_main_country_falls() -> None:
    player = Scripted(prefer=("invade",))
    game = new_game(allies=player)
    me = game.state["allies"]
    me.army = army(0, 0, 0, 40)
    game.land(me, player, idx("Germany"))
    assert game.over == ("allies", "sudden-death", "Allies took Germany")


def test_conqueror_when_every_territory_is_lost() -> None:
    player = Scripted(prefer=("invade",))
    game = new_game(allies=player, victory="conqueror")
    me = game.state["allies"]
    me.army = army(0, 0, 0, 60)
    game.owner[idx("Japan")] = "axis"  # a special territory does not keep the Axis alive
    game.land(me, player, idx("Germany"))
    assert game.over is None  # Italy is left
    game.land(me, player, idx("Italy"))
    assert game.over is not None and game.over[:2] == ("allies", "conqueror")


def test_imprisoned_three_or_five_times() -> None:
    for limit in (3, 5):
        game = new_game(allies=Scripted(prefer=("penalty",)), jail_limit=limit)
        me = game.state["allies"]
        for times in range(1, limit + 1):
            me.army, me.in_jail = army(1), False
            game.land(me, game.players["allies"], idx("Germany"))
            assert me.jailed == times
            assert (game.over is not None) == (times == limit)
        assert game.over is not None and game.over[:2] == ("axis", "imprisoned")


def test_turn_limits_100_and_300_and_the_safety_cap() -> None:
    for limit in (100, 300):
        result = Game(spec(), "normal", {"allies": Player(), "axis": Player()}, seed=4, turn_limit=limit).play()
        assert (result.end_condition, result.turns) == ("turn-limit", limit)
    capped = spec().model_copy(update={"rules": spec().rules.model_copy(update={"safety_round_cap": 40})})
    result = Game(capped, "normal", {"allies": Player(), "axis": Player()}, seed=4).play()
    assert (result.end_condition, result.turns) == ("safety-cap", 40)


def test_every_mode_is_played_to_the_end() -> None:
    for mode in spec().modes:
        for victory in ("sudden-death", "conqueror"):
            results = run_games(spec(), mode, {"allies": "aircraft-ai", "axis": "battleship-ai"}, seed=10,
                                games=4, victory=victory)
            assert all(r.end_condition in ("sudden-death", "conqueror", "imprisoned") for r in results)


def test_same_seed_same_game() -> None:
    kinds = {"allies": "battleship-ai", "axis": "aircraft-ai"}
    one = run_games(spec(), "fierce-battles", kinds, seed=77, record=True)[0]
    two = run_games(spec(), "fierce-battles", kinds, seed=77, record=True)[0]
    assert one.as_dict() == two.as_dict()
    assert [e.model_dump() for e in one.events or []] == [e.model_dump() for e in two.events or []]
    other = run_games(spec(), "fierce-battles", kinds, seed=78, record=True)[0]
    assert [e.model_dump() for e in other.events or []] != [e.model_dump() for e in one.events or []]
