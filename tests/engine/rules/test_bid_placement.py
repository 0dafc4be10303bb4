"""bid-placement: bids on World War II Classic (its bid steps use TripleA's bid and placeBid delegates)."""

from __future__ import annotations

from tests.engine.conftest import where

REVISED = {"id": "bid-placement", "per_territory": 1, "own_territories": True, "ships_where_ships": True}
TOURNAMENT = {"id": "bid-placement", "bidders": ["Allies"], "banned": ["bomber"], "only": {"Russians": ["infantry"]}}


def test_two_units_in_one_territory_break_it_once_the_limit_is_passed(run):
    log = """\
        events:
          - {type: step, round: 1, player: Russians, step: russiansBidPlace}
          - {type: place, territory: Karelia S.S.R., units: {infantry: 1}}
          - {type: place, territory: Caucasus, units: {infantry: 1}}
          - {type: place, territory: Karelia S.S.R., units: {infantry: 1}}
    """
    found = run("classic", [REVISED], log)
    assert where(found) == [("bid-placement", 1, "Russians", "russiansBidPlace", 5)]
    assert found[0].message == "Russians has placed 2 bid units in Karelia S.S.R.; at most 1 per territory"


def test_a_bid_outside_the_bidders_territories_or_ships_without_ships_break_it(run):
    log = """\
        events:
          - {type: step, round: 1, player: Russians, step: russiansBidPlace}
          - {type: place, territory: Finland Norway, units: {infantry: 1}}
          - {type: place, territory: Baltic Sea Zone, units: {submarine: 1}}
          - {type: place, territory: Karelia Sea Zone, units: {submarine: 1}}
    """
    found = run("classic", [REVISED], log)
    assert [b.line for b in found] == [3, 4]
    assert "in Finland Norway, held by Germans; a bid goes into the bidder's own territories" in found[0].message
    assert "in Baltic Sea Zone, where it has no ship" in found[1].message


def test_the_wrong_bidder_or_units_break_it_and_play_after_the_bid_is_not_a_bid(run):
    log = """\
        events:
          - {type: step, round: 1, player: Russians, step: russiansBid}
          - {type: purchase, units: {armour: 1}}
          - {type: step, round: 1, player: Germans, step: germansBid}
          - {type: purchase, units: {infantry: 1}}
          - {type: step, round: 1, player: British, step: britishBid}
          - {type: purchase, units: {bomber: 1}}
          - {type: step, round: 1, player: Russians, step: russiansPurchase}
          - {type: purchase, units: {armour: 2}}
    """
    found = run("classic", [TOURNAMENT], log)
    assert [(b.player, b.line) for b in found] == [("Russians", 3), ("Germans", 5), ("British", 7)]
    assert found[0].message == "Russians's bid holds 1 armour; Russians may bid only infantry"
    assert found[1].message == "Germans buys a bid (1 infantry); only Allies may bid"
    assert found[2].message == "British's bid holds 1 bomber; no bid may hold bomber"


def test_a_bid_as_the_league_says_keeps_it(run):
    log = """\
        events:
          - {type: step, round: 1, player: Russians, step: russiansBid}
          - {type: purchase, units: {infantry: 2}}
          - {type: step, round: 1, player: Russians, step: russiansBidPlace}
          - {type: place, territory: Karelia S.S.R., units: {infantry: 1}}
          - {type: place, territory: Caucasus, units: {infantry: 1}}
          - {type: place, territory: Karelia Sea Zone, units: {submarine: 1}}
          - {type: step, round: 1, player: Russians, step: russiansPlace}
          - {type: place, territory: Karelia S.S.R., units: {infantry: 3}}
    """
    assert run("classic", [REVISED, {**TOURNAMENT, "only": {}}], log) == []


def test_an_edit_in_a_bid_step_is_no_bid_but_the_board_it_leaves_is_judged(run):
    log = """\
        events:
          - {type: step, round: 1, player: Russians, step: russiansBid}
          - {type: ownership, territory: Finland Norway, old_owner: Germans, new_owner: Russians, edit: true}
          - {type: place, territory: Baltic Sea Zone, units: {destroyer: 1}, edit: true}
          - {type: place, territory: Ukraine S.S.R., units: {infantry: 2}, edit: true}
          - {type: step, round: 1, player: Russians, step: russiansBidPlace}
          - {type: place, territory: Finland Norway, units: {infantry: 1}}
          - {type: place, territory: Baltic Sea Zone, units: {submarine: 1}}
          - {type: place, territory: Ukraine S.S.R., units: {infantry: 1}}
    """
    found = run("classic", [REVISED], log)
    assert [(b.line, b.message) for b in found] == [
        (9, "Russians places bid units (1 infantry) in Ukraine S.S.R., held by Germans; a bid goes into the "
            "bidder's own territories")]
