"""no-city-spending: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

NO_CITY = {"id": "no-city-spending", "players": ["Germans", "Italians"]}


def test_no_city_spending_breaks(run):
    log = """\
        initial:
          units: {I1: [{type: infantry, owner: Italians, count: 2}]}
        events:
          - {type: step, round: 3, player: Italians, step: italiansEndTurn}
          - {type: resources, resource: PUs, amount: 12, reason: Italians collect 12 PUs of income}
    """
    found = run("g40", [NO_CITY], log)
    assert where(found) == [
        ("no-city-spending", 3, "Italians", "italiansEndTurn", 5)
    ]


def test_no_city_spending_keeps(run):
    log = """\
        initial:
          units: {I1: [{type: infantry, owner: Italians, count: 2}]}
        events:
          - {type: step, round: 3, player: Italians, step: italiansPurchase}
          - {type: purchase, units: {infantry: 2}, cost: {PUs: 6}}
          - {type: step, round: 3, player: Germans, step: germansEndTurn}
          - {type: resources, resource: PUs, amount: 30, reason: Germans collect 30 PUs of income}
    """
    assert run("g40", [NO_CITY], log) == []
