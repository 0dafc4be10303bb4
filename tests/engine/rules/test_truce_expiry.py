"""truce-expiry: logs on the Empire map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

TRUCE = {"id": "truce-expiry", "until_round": 3, "truce_types": ["TruceI", "TruceII", "TruceIII"]}


def _truce_log(round_: int, relationship: str = "War") -> str:
    return f"""\
        initial:
          owners: {{Thracia: Galatia}}
          relationships: {{Galatia|Macedonia: {relationship}}}
        events:
          - {{type: step, round: {round_}, player: Macedonia, step: macedoniaCombatMove}}
          - {{type: move, units: {{infantry: 2, general: 1}}, route: [Macedonia, Thracia]}}
          - {{type: step, step: macedoniaBattle}}
          - {{type: battle, territory: Thracia, attacker: Macedonia, defender: Galatia}}
    """


def test_truce_expiry_breaks(run):
    found = run("empire", [TRUCE], _truce_log(2))
    assert where(found) == [
        ("truce-expiry", 2, "Macedonia", "macedoniaCombatMove", 6)
    ]
    found = run("empire", [TRUCE], _truce_log(5, "TruceII"))
    assert [(v.round, v.line) for v in found] == [(5, 6)] and "TruceII" in found[0].message


def test_truce_expiry_keeps(run):
    assert run("empire", [TRUCE], _truce_log(3)) == []
