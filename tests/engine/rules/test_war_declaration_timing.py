"""war-declaration-timing: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

WAR = {
    "id": "war-declaration-timing",
    "player": "Russians",
    "before_round": 3,
    "unless": {"any_of": [{"at_war": [["Russians", "Axis"]]},
                          {"attacked": {"by": "Axis", "territories": ["PA4", "PA10", "PA11", "PA12"]}}]},
}


def test_war_declaration_timing_breaks(run):
    log = """\
        events:
          - {type: step, round: 2, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Germans], new_relationship: War}
    """
    found = run("g40", [WAR], log)
    assert where(found) == [
        ("war-declaration-timing", 2, "Russians", "russiansPolitics", 3)
    ]


def test_war_declaration_timing_keeps(run):
    in_time = """\
        events:
          - {type: step, round: 3, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Germans], new_relationship: War}
    """
    assert run("g40", [WAR], in_time) == []
    provoked = """\
        events:
          - {type: step, round: 1, player: Germans, step: germansBattle}
          - {type: battle, territory: PA10, attacker: Germans, defender: Pro_Allies}
          - {type: step, round: 1, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Germans], new_relationship: War}
    """
    assert run("g40", [WAR], provoked) == []
    attacked_first = """\
        events:
          - {type: step, round: 1, player: Germans, step: germansPolitics}
          - {type: political, action: declare war, players: [Russians], new_relationship: War}
          - {type: step, round: 1, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Italians], new_relationship: War}
    """
    assert run("g40", [WAR], attacked_first) == []
