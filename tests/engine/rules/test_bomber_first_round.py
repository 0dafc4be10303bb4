"""bomber-first-round: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

BOMBERS = {"id": "bomber-first-round", "unit_types": ["bomber"], "also_last": ["transport"]}


def test_bomber_fires_after_round_one_breaks(run):
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 3}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            defender: British
            rounds:
              - {attacker_fired: [{type: bomber, owner: Germans, count: 1}]}
              - {attacker_fired: [{type: bomber, owner: Germans, count: 1}, {type: infantry, owner: Germans}]}
    """
    found = run("g40", [BOMBERS], log)
    assert where(found) == [
        ("bomber-first-round", 2, "Germans", "germansBattle", 6)
    ]
    assert "round 2" in found[0].message


def test_defending_bomber_lost_first_breaks(run):
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 2}, {type: bomber, owner: British, count: 1}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            defender_losses: [{type: bomber, owner: British}]
    """
    found = run("g40", [BOMBERS], log)
    assert len(found) == 1 and "2 infantry still defend" in found[0].message


def test_bomber_first_round_keeps(run):
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 1}, {type: bomber, owner: British, count: 1},
                        {type: factory_minor, owner: British, count: 1}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            rounds:
              - attacker_fired: [{type: bomber, owner: Germans}]
                defender_casualties: [{type: infantry, owner: British}]
              - attacker_fired: [{type: infantry, owner: Germans}]
                defender_casualties: [{type: bomber, owner: British}]
    """
    assert run("g40", [BOMBERS], log) == []


def test_bomber_rounds_in_the_save_readers_shape(run):
    """Rounds as the save reader writes them: firing entries and mixed casualty lists per round."""
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 3}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            rounds:
              - {round: 2, firing: Germans, dice: [3, 1], hits: 1}
              - {round: 2, casualties: [{type: infantry, owner: British}]}
              - {round: 3, firing: Germans, dice: [5], hits: 0}
              - round: 3
                casualties: [{type: bomber, owner: Germans}, {type: infantry, owner: British}]
    """
    found = run("g40", [BOMBERS], log)
    assert len(found) == 1
    assert "taken as a casualty in combat round 2" in found[0].message
