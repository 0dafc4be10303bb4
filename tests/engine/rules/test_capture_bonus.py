"""capture-bonus: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

BONUS = {"id": "capture-bonus", "bank": ["NL11"]}


def _capture(extra: str = "", pus: int = 45) -> str:
    return (
        "initial:\n"
        "  relationships: {British|Germans: War}\n"
        f"  resources: {{British: {{PUs: {pus}}}}}\n"
        "events:\n"
        "  - {type: step, round: 2, player: Germans, step: germansBattle}\n"
        "  - {type: battle, territory: UK5, attacker: Germans, defender: British}\n"
        "  - {type: ownership, territory: UK5, old_owner: British, new_owner: Germans}\n"
        + extra
        + "  - {type: step, round: 5, player: Russians, step: russiansCombatMove}\n"
    )


def test_capture_bonus_breaks(run):
    found = run("g40", [BONUS], _capture())
    assert where(found) == [
        ("capture-bonus", 2, "Germans", "germansBattle", 7)
    ]
    assert "the capture bonus is 3 PUs, but 0 were received" in found[0].message


def test_capture_bonus_keeps(run):
    paid = "  - {type: resources, resource: PUs, amount: 3, reason: capture bonus for UK5}\n"
    assert run("g40", [BONUS], _capture(paid)) == []
    # a British treasury of 2 PUs pays only 2
    paid_two = "  - {type: resources, resource: PUs, amount: 2, reason: capture bonus for UK5}\n"
    assert run("g40", [BONUS], _capture(paid_two, pus=2)) == []
    # recapturing later pays nothing more
    again = paid + (
        "  - {type: step, round: 3, player: British, step: britishBattle}\n"
        "  - {type: ownership, territory: UK5, old_owner: Germans, new_owner: British}\n"
        "  - {type: step, round: 4, player: Germans, step: germansBattle}\n"
        "  - {type: ownership, territory: UK5, old_owner: British, new_owner: Germans}\n"
    )
    assert run("g40", [BONUS], _capture(again)) == []
