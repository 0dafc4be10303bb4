"""placement-limit: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

MATERIALS = {
    "id": "placement-limit",
    "player": "Chinese",
    "unit_types": ["artilleryC", "aaGunC"],
    "when": {"at_war": [["Chinese", "Axis"]]},
    "territories": {
        "C1": {"controlled": {"side": "Chinese", "territories": ["C1"]},
               "any_of": [{"controlled": {"side": "Allies", "territories": ["R26"]}}]},
        "C5": {"controlled": {"side": "Chinese", "territories": ["C5"]},
               "any_of": [{"controlled": {"side": "Allies", "territories": ["A10"]}}]},
    },
}
AT_WAR = """\
    initial:
      relationships: {Chinese|Japanese: War}
    events:
      - {type: step, round: 2, player: Chinese, step: chinesePlace}
"""


def test_placement_limit_breaks(run):
    log = AT_WAR + """\
      - {type: place, territory: C1, units: {artilleryC: 2}}
      - {type: place, territory: C2, units: {aaGunC: 1}}
    """
    assert where(run("g40", [MATERIALS], log)) == [
        ("placement-limit", 2, "Chinese", "chinesePlace", 5), ("placement-limit", 2, "Chinese", "chinesePlace", 6)]
    # R26 held by the Axis at the start of the turn closes C1
    closed = AT_WAR.replace("initial:\n", "initial:\n      owners: {R26: Japanese}\n") + """\
      - {type: place, territory: C1, units: {artilleryC: 1}}
    """
    assert len(run("g40", [MATERIALS], closed)) == 1


def test_placement_limit_keeps(run):
    log = AT_WAR + """\
      - {type: place, territory: C1, units: {artilleryC: 1}}
      - {type: place, territory: C5, units: {aaGunC: 1}}
      - {type: place, territory: C2, units: {infantryC: 5}}
    """
    assert run("g40", [MATERIALS], log) == []
