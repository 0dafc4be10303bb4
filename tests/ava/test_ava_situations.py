"""What scripted situations rely on: tokens, scripted spins, cards received, income, rounds one at a time and
the scripted player's answers (compiler/ava/script.py)."""

from __future__ import annotations

import io

import pytest
from ava_helpers import army, spec

from compiler.ava.game import Game
from compiler.ava.human import HumanPlayer
from compiler.ava.script import ScriptedPlayer, counts_of


def game(**players: ScriptedPlayer) -> Game:
    cfg = spec()
    sides = {"allies": players.get("allies") or ScriptedPlayer(cfg.units),
             "axis": players.get("axis") or ScriptedPlayer(cfg.units)}
    g = Game(cfg, "normal", sides, seed=3, spins=[2, 5])
    g.start()
    return g


def test_each_side_selects_one_of_its_six_tokens() -> None:
    cfg = spec()
    assert [len(cfg.sides[s].tokens) for s in ("allies", "axis")] == [6, 6]
    g = game(allies=ScriptedPlayer(cfg.units, token="Jeep"), axis=ScriptedPlayer(cfg.units, token="Spitfire"))
    assert g.state["allies"].token == "Jeep"
    assert g.state["axis"].token == cfg.sides["axis"].tokens[0]  # not an Axis token: the first one instead
    human = HumanPlayer(io.StringIO("9\n3\n"), io.StringIO())
    g = Game(cfg, "normal", {"allies": human, "axis": ScriptedPlayer(cfg.units)})
    g.start()
    assert g.state["allies"].token == cfg.sides["allies"].tokens[2]


def test_scripted_spins_come_first_then_the_seeded_spinner() -> None:
    g = game()
    assert [g.spin(), g.spin()] == [2, 5]
    assert all(1 <= g.spin() <= 6 for _ in range(50))


def test_a_received_card_is_kept_or_applied_and_remembered() -> None:
    g = game()
    me = g.state["allies"]
    g.receive(me, spec().card("War Bonds"))
    g.receive(me, spec().card("Espionage"))
    assert me.money == 3000 and [c.name for c in me.cards] == ["Espionage"]
    assert me.drawn == ["War Bonds", "Espionage"]


def test_income_is_what_the_owned_spaces_give_a_turn() -> None:
    g = game()
    assert g.income("allies") == (800, army(10, 3, 1, 1))
    g.owner[spec().space_index("Neutral Bank")] = "allies"
    assert g.income("allies") == (1200, army(10, 3, 1, 1))


def test_rounds_are_played_one_at_a_time_until_the_turn_limit() -> None:
    cfg = spec()
    g = Game(cfg, "normal", {s: ScriptedPlayer(cfg.units) for s in ("allies", "axis")}, seed=1, turn_limit=100,
             jail_limit=5)
    g.start()
    g.play_round()
    assert g.round == 1 and g.over is None
    while g.over is None:
        g.play_round()
    assert g.round == 100 and g.over[1] == "turn-limit"


def test_the_scripted_player_answers_from_its_script() -> None:
    cfg = spec()
    player = ScriptedPlayer(cfg.units, prefer=["treaty", "invade"], step=-2, recruit={"tank": 2},
                            deploy={"infantry": 3}, force={"infantry": 12}, use_cards=False, ransom=False)
    g = game(allies=player)
    me = g.state["allies"]
    assert player.landing(g, me, 0, ["invade", "treaty", "pass"]) == "treaty"
    assert player.landing(g, me, 0, ["base", "pass"]) == "pass"
    assert player.offered == [["invade", "treaty", "pass"], ["base", "pass"]]
    assert player.strategic_move(g, me, {1: 1000, -1: 1000}) == 0 and player.strategic_move(g, me, {-2: 2000}) == -2
    assert player.recruit(g, me, [24, 16, 10, 6]) == army(0, 2)
    assert player.deploy(g, me, 1, [True] * 4) == army(3)
    assert player.invasion_force(g, me, 1, 10, [True] * 4) == army(12)
    assert not player.use_card(g, me, cfg.card("Espionage"), 4) and not player.pay_ransom(g, me, 2000)


def test_an_army_names_known_units() -> None:
    assert counts_of({"tank": 2}, spec().units) == army(0, 2)
    with pytest.raises(ValueError, match="unknown unit 'cavalry'"):
        counts_of({"cavalry": 1}, spec().units)
