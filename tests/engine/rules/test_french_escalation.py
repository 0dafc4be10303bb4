"""french-escalation: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

FRANCE = {"id": "french-escalation"}


def test_french_escalation_breaks(run):
    log = """\
        events:
          - {type: step, round: 1, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 3}, route: [F3, F2]}
          - {type: move, units: {armour: 1}, route: [F3, F4]}
          - {type: move, units: {cruiser: 1}, route: [23 Sea Zone, 72 Sea Zone]}
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
          - {type: step, round: 2, player: French, step: frenchPolitics}
          - {type: political, action: war, players: [Germans], new_relationship: War}
    """
    found = run("g40", [FRANCE], log)
    assert where(found) == [
        ("french-escalation", 1, "French", "frenchNonCombatMove", 4),
        ("french-escalation", 1, "French", "frenchNonCombatMove", 5),
        ("french-escalation", 2, "British", "britishNonCombatMove", 7),
        ("french-escalation", 2, "French", "frenchPolitics", 9),
    ]
    assert "4 units" in found[0].message and "Axis-held G18, G19, I1" in found[1].message
    assert "allowed from 3" in found[2].message and "level 1" in found[3].message


def test_french_escalation_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germansBattle}
          - {type: battle, territory: IN1, attacker: Germans}
          - {type: battle, territory: IN2, attacker: Germans}
          - {type: step, round: 1, player: British, step: britishCombatMove}
          - {type: move, units: {fighter: 1}, route: [UK5, IN3, UK4]}
          - {type: step, round: 1, player: Italians, step: italiansBattle}
          - {type: battle, territory: IN3, attacker: Italians}
          - {type: battle, territory: IN4, attacker: Italians}
          - {type: step, round: 1, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 5}, route: [F3, F2]}
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
          - {type: step, round: 2, player: French, step: frenchPolitics}
          - {type: political, action: war, players: [Germans], new_relationship: War}
    """
    # Axis 3 (IN1, IN2, IN4) against Allies 1 (the fly-over of IN3): level 1 + 2 = 3, not yet 4
    found = run("g40", [FRANCE], log)
    assert [v.line for v in found] == [15]
    more = log.replace("          - {type: step, round: 1, player: French",
                       "          - {type: battle, territory: IN5, attacker: Italians}\n"
                       "          - {type: step, round: 1, player: French", 1)
    assert run("g40", [FRANCE], more) == []
