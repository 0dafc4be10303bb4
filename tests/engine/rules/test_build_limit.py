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
