"""purchase-limit: logs on the classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

LIMIT = {"id": "purchase-limit", "limits": {"infantry": 24, "armour": 16}}
TURN = "      - {{type: step, round: {round}, player: Germans, step: germansPurchase}}\n"
BUY = "      - {{type: purchase, units: {{infantry: {count}}}, cost: {{PUs: {cost}}}}}\n"


def log(*turns: list[int]) -> str:
    text = "    events:\n"
    for number, buys in enumerate(turns, 1):
        text += TURN.format(round=number)
        text += "".join(BUY.format(count=n, cost=3 * n) for n in buys)
        text += f"      - {{type: step, round: {number}, player: Russians, step: russiansPurchase}}\n"
    return text


def test_purchase_limit_breaks_once_per_turn(run):
    found = run("classic", [LIMIT], log([20, 5, 1]))
    assert where(found) == [("purchase-limit", 1, "Germans", "germansPurchase", 4)]
    assert found[0].message == "Germans buys 25 infantry this turn; at most 24 a turn"


def test_purchase_limit_keeps_the_limit_in_each_turn(run):
    assert run("classic", [LIMIT], log([20, 4], [24])) == []


def test_purchase_limit_binds_only_the_players_named(run):
    assert run("classic", [{**LIMIT, "players": ["Russians"]}], log([30])) == []
