"""legion-cap: logs on the Empire map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

LEGION = {
    "id": "legion-cap",
    "stack_limits": {"infantry": 12, "cavalry": 4, "catapult": 2},
    "legion": {"infantry": 6, "cavalry": 2, "catapult": 1},
    "leaders": ["general", "macedonia_caesar", "city", "fortified_city"],
}


def _legion_log(cavalry: int, fired: int) -> str:
    return f"""\
        initial:
          relationships: {{Galatia|Macedonia: War}}
          units: {{Macedonia: [{{type: cavalry, owner: Macedonia, count: 5}}, {{type: general, owner: Macedonia}}]}}
          owners: {{Thracia: Galatia}}
        events:
          - {{type: step, round: 4, player: Macedonia, step: macedoniaCombatMove}}
          - {{type: move, units: {{cavalry: {cavalry}, general: 1}}, route: [Macedonia, Thracia]}}
          - {{type: step, step: macedoniaBattle}}
          - type: battle
            territory: Thracia
            attacker: Macedonia
            defender: Galatia
            rounds:
              - {{attacker_fired: [{{type: cavalry, owner: Macedonia, count: {fired}}}]}}
    """


def test_legion_cap_breaks(run):
    found = run("empire", [LEGION], _legion_log(5, 3))
    assert where(found) == [
        ("legion-cap", 4, "Macedonia", "macedoniaCombatMove", 7),
        ("legion-cap", 4, "Macedonia", "macedoniaBattle", 9),
    ]
    assert "stack limit is 4" in found[0].message and "at most 2" in found[1].message


def test_legion_cap_keeps(run):
    assert run("empire", [LEGION], _legion_log(4, 2)) == []


def test_a_side_without_leaders_is_not_capped(run):
    """AI version: leaderless troops fight as the map's supports let them (no legion to cap them)."""
    leaderless = _legion_log(4, 4).replace(", general: 1}", "}").replace(", {type: general, owner: Macedonia}", "")
    assert run("empire", [LEGION], leaderless) == []
    assert [v.step for v in run("empire", [LEGION], _legion_log(4, 4))] == ["macedoniaBattle"]
