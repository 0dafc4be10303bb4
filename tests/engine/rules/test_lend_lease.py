"""lend-lease: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

LEND = {"id": "lend-lease", "loans": [{"lenders": ["Americans"], "receivers": ["British"], "max": 2},
                                      {"lenders": ["Americans", "British"], "receivers": ["Russians"], "max": 2}]}


def test_lend_lease_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: Americans, step: americanPurchase}
          - {type: transfer, to: British, resource: PUs, amount: 2}
          - {type: transfer, to: Russians, resource: PUs, amount: 2}
          - {type: step, round: 2, player: Americans, step: americanPurchase}
          - {type: transfer, to: British, resource: PUs, amount: 2}
    """
    assert run("classic", [LEND], log) == []


def test_lend_lease_breaks_the_amount_and_the_lenders(run):
    log = """\
        events:
          - {type: step, round: 1, player: Americans, step: americanPurchase}
          - {type: transfer, to: British, resource: PUs, amount: 2}
          - {type: transfer, to: British, resource: PUs, amount: 1}
          - {type: step, round: 1, player: Germans, step: germanPurchase}
          - {type: transfer, to: Japanese, resource: PUs, amount: 1}
    """
    found = run("classic", [LEND], log)
    assert where(found) == [("lend-lease", 1, "Americans", "americanPurchase", 4),
                            ("lend-lease", 1, "Germans", "germanPurchase", 6)]
    assert "at most 2" in found[0].message and "no lend-lease allows it" in found[1].message


def test_lend_lease_needs_a_traced_path(run):
    # Soviet Far East and Russia's factories cut off by German land and German ships alone at sea
    log = """\
        initial:
          owners: {Karelia S.S.R.: Germans, Caucasus: Germans, Kazakh S.S.R.: Germans, Novosibirsk: Germans,
                   Evenki National Okrug: Germans, Yakut S.S.R.: Germans, Manchuria: Germans}
          units: {Caspian Sea Zone: [{type: battleship, owner: Germans, count: 1}],
                  Soviet Far East Sea Zone: [{type: battleship, owner: Germans, count: 1}],
                  Karelia S.S.R.: [], Caucasus: []}
        events:
          - {type: step, round: 1, player: Americans, step: americanPurchase}
          - {type: transfer, to: Russians, resource: PUs, amount: 2}
    """
    found = run("classic", [LEND], log)
    assert [b.message for b in found] == [
        "no path traces from a factory of Americans to one of Russians; Americans may not lend to them"]
