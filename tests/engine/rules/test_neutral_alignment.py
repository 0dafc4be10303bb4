"""neutral-alignment: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

ALIGN = {
    "id": "neutral-alignment",
    "neutrals": ["Independent_Neutral", "Neutral_League", "Pro_Axis", "Pro_Allies"],
    "joins": {"Axis": "Pro_Allies", "Allies": "Pro_Axis"},
    "sympathetic": {"Axis": ["Pro_Axis"], "Allies": ["Pro_Allies"]},
}
FLY_OVER = """\
    events:
      - {type: step, round: 2, player: Germans, step: germansCombatMove}
      - {type: move, units: {fighter: 1}, route: [G15, IN7, G16]}
"""
FAILED_ATTACK = """\
    initial:
      relationships: {Germans|Independent_Neutral: War}
    events:
      - {type: step, round: 2, player: Germans, step: germansBattle}
      - {type: battle, territory: IN11, attacker: Germans, defender: Independent_Neutral}
"""
NEXT_TURN = "      - {type: step, round: 2, player: Russians, step: russiansCombatMove}\n"


def test_neutral_alignment_breaks(run):
    found = run("g40", [ALIGN], FLY_OVER + NEXT_TURN)
    assert where(found) == [("neutral-alignment", 2, "Germans", "germansCombatMove", 3)]
    assert "IN7 was flown over by Germans" in found[0].message
    assert len(run("g40", [ALIGN], FAILED_ATTACK + NEXT_TURN)) == 1


def test_neutral_alignment_keeps(run):
    joined = "      - {type: ownership, territory: IN7, new_owner: Pro_Allies}\n"
    assert run("g40", [ALIGN], FLY_OVER + joined + NEXT_TURN) == []
    taken = "      - {type: ownership, territory: IN11, new_owner: Germans}\n"
    assert run("g40", [ALIGN], FAILED_ATTACK + taken + NEXT_TURN) == []
    # a sympathetic neutral may be flown over
    assert run("g40", [ALIGN], """\
    events:
      - {type: step, round: 2, player: Germans, step: germansCombatMove}
      - {type: move, units: {fighter: 1}, route: [G11, PX3, F5]}
      - {type: step, round: 2, player: Russians, step: russiansCombatMove}
    """) == []
