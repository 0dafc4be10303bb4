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


def test_no_city_spending_reads_the_collection_not_its_words(run):
    # "collect" (TripleA's own line), no word "income": the Italians' first change in their end-turn step
    log = """\
        initial:
          units: {I1: [{type: infantry, owner: Italians, count: 2}]}
        events:
          - {type: step, round: 3, player: Italians, step: italiansEndTurn}
          - {type: resources, resource: PUs, amount: 12, reason: Italians collect 12 PUs; end with 20 PUs}
          - {type: resources, resource: PUs, amount: 5, reason: an objective's income}
          - {type: step, round: 3, player: Italians, step: italiansBattle}
          - {type: resources, resource: PUs, amount: 7, reason: income from a capture}
    """
    found = run("g40", [NO_CITY], log)
    assert where(found) == [("no-city-spending", 3, "Italians", "italiansEndTurn", 5)]
    assert found[0].message == "Italians holds no city but collects 12 PUs of income"


def test_no_city_spending_on_a_real_save():
    # TripleA 2.7's history of a Two Fronts game: "Westerners collect 34 PUs; end with 54 PUs" in westernEndTurn.
    # Counting destroyers as cities (none stands on land), the Westerners hold none: that collection breaks the
    # rule (it once passed, for want of the word "income"); counting factories, they hold Westland's
    from pathlib import Path

    from compiler.engine.check import check_events
    from compiler.saves import read_save

    saved = read_save(Path(__file__).parents[2] / "saves" / "data" / "two_fronts_victory_2.7.tsvg", world=True)
    world = saved.world
    assert world is not None

    def judge(cities: str) -> list[tuple[int | None, str]]:
        rule = {"id": "no-city-spending", "city_types": [cities]}
        found = check_events(world, [rule], world.initial, saved.events, "save")
        return [(p.when.event if p.when else None, p.message) for p in found]

    [(at, message)] = judge("destroyer")
    assert message == "Westerners holds no city but collects 34 PUs of income"
    assert at is not None and saved.events[at - 1].step == "westernEndTurn"
    assert judge("factory") == []
