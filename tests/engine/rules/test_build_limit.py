"""build-limit: logs on the Empire map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

LIMIT = {"id": "build-limit", "limits": {"infantry": 18, "cavalry": 6, "catapult": 3}}


SEVENTEEN = """\
    initial:
      units: {Italia: [{type: infantry, owner: Italia, count: 17}, {type: general, owner: Italia, count: 1}]}
    events:
      - {type: step, round: 2, player: Italia, step: italiaPurchase}
"""


def test_build_limit_breaks(run):
    log = SEVENTEEN + """\
      - {type: purchase, units: {infantry: 2}, cost: {PUs: 20}}
      - {type: step, step: italiaPlace}
      - {type: place, territory: Italia, units: {infantry: 2}}
"""
    found = run("empire", [LIMIT], log)
    assert where(found) == [
        ("build-limit", 2, "Italia", "italiaPurchase", 5)
    ]
    assert "19 infantry" in found[0].message


def test_build_limit_keeps(run):
    log = SEVENTEEN + """\
      - {type: purchase, units: {infantry: 1, cavalry: 6}}
      - {type: step, step: italiaPlace}
      - {type: place, territory: Italia, units: {infantry: 1, cavalry: 6}}
"""
    assert run("empire", [LIMIT], log) == []


def test_units_gained_without_building_are_no_violation_but_block_buying(run):
    """A caesar's surrender gives Hispania Numidia's infantry: more than 18 is no violation; buying more is."""
    log = """\
    initial:
      units: {Numidia: [{type: infantry, owner: Numidia, count: 12}],
              Hispania: [{type: infantry, owner: Hispania, count: 10}]}
    events:
      - {type: step, round: 3, player: Hispania, step: hispaniaEndTurn}
      - {type: capture, territory: Numidia, new_owner: Hispania, count: 12,
         units: [{type: infantry, owner: Numidia, count: 12}]}
      - {type: step, round: 4, player: Hispania, step: hispaniaPurchase}
      - {type: purchase, units: {cavalry: 1}, cost: {PUs: 25}}
      - {type: step, step: hispaniaPlace}
      - {type: place, territory: Hispania, units: {cavalry: 1}}
"""
    assert run("empire", [LIMIT], log) == []
    found = run("empire", [LIMIT], log.replace("units: {cavalry: 1}", "units: {infantry: 1}"))
    assert [(v.step, v.line) for v in found] == [("hispaniaPurchase", 9)] and "23 infantry" in found[0].message
