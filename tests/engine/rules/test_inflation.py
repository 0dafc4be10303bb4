"""inflation: logs on the Empire map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

INFLATION = {
    "id": "inflation",
    "thresholds": [{"income": 105, "multiplier": 2}, {"income": 205, "multiplier": 3}],
    "unit_income": {"city": 5, "fortified_city": 5},
}


def _inflation_log(macedonia_pays: int) -> str:
    return f"""\
        initial:
          owners: {{Neapolis: Italia, Achaia: Italia, Africa Procons: Italia, Asia: Italia, Britannia: Italia,
                   Caesariensis: Italia, Cyrenaica: Italia, Mesopotamia: Italia}}
        events:
          - {{type: step, round: 1, player: Italia, step: italiaCombatMove}}
          - {{type: ownership, territory: Sicilia, new_owner: Italia}}
          - {{type: ownership, territory: Thracia, new_owner: Italia}}
          - {{type: step, step: italiaPurchase}}
          - {{type: purchase, units: {{infantry: 2}}, cost: {{PUs: 20}}}}
          - {{type: step, round: 2, player: Macedonia, step: macedoniaPurchase}}
          - {{type: purchase, units: {{infantry: 1}}, cost: {{PUs: {macedonia_pays}}}}}
    """


def test_inflation_breaks(run):
    found = run("empire", [INFLATION], _inflation_log(10))
    assert where(found) == [
        ("inflation", 2, "Macedonia", "macedoniaPurchase", 11)
    ]
    assert "must cost 20" in found[0].message


def test_inflation_keeps(run):
    # Italia raised inflation on its own turn: its last purchase at old prices is fine
    assert run("empire", [INFLATION], _inflation_log(20)) == []
