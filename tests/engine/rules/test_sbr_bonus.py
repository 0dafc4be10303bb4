"""sbr-bonus: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

SBR = {"id": "sbr-bonus", "unit_types": ["bomber"], "bonus": 4}


def _raid(damage: int, defenders: str = "[]", attackers: str = "[{type: bomber, owner: Germans, count: 2}]") -> str:
    return f"""\
        initial:
          relationships: {{British|Germans: War}}
          units: {{UK4: {defenders}, 40 Sea Zone: []}}
        events:
          - {{type: step, round: 2, player: Germans, step: germansCombatMove}}
          - {{type: place, territory: UK4, units: {attackers}}}
          - {{type: step, step: germansBattle}}
          - type: battle
            territory: UK4
            attacker: Germans
            result: bombing_raid
            rounds: [{{firing: Germans, dice: [3, 5], damage: {damage}}}]
    """


def test_sbr_bonus_breaks(run):
    found = run("g40", [SBR], _raid(12))
    assert where(found) == [
        ("sbr-bonus", 2, "Germans", "germansBattle", 8)
    ]
    assert "deals 12 damage; with no interceptors each die adds 4, so 16" in found[0].message


def test_sbr_bonus_keeps(run):
    assert run("g40", [SBR], _raid(16)) == []
    fighters = "[{type: fighter, owner: British, count: 2}]"
    escorted = "[{type: bomber, owner: Germans, count: 2}, {type: fighter, owner: Germans, count: 2}]"
    assert run("g40", [SBR], _raid(12, fighters, escorted)) == []
    found = run("g40", [SBR], _raid(16, fighters, escorted))
    assert len(found) == 1 and "2 escorts against 2 interceptors" in found[0].message
