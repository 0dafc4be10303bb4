"""captives-discarded: logs on the Empire map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

CAPTIVES = {"id": "captives-discarded", "captives": ["italia_general", "hispania_general"],
            "rulers": {"Macedonia": "macedonia_caesar"}}


def _fall(removed: bool, caesar: int = 1) -> str:
    """Galatia takes Macedonia's home province, where Macedonia holds 2 italia_general."""
    removal = ("          - {type: remove, territory: Macedonia, reason: discarded,\n"
               "             units: [{type: italia_general, owner: Galatia, count: 2}]}\n") if removed else ""
    return f"""\
        initial:
          relationships: {{Galatia|Macedonia: War}}
          units:
            Macedonia: [{{type: italia_general, owner: Macedonia, count: 2}}]
            Thracia: [{{type: infantry, owner: Galatia, count: 3}}, {{type: macedonia_caesar, owner: Macedonia,
                       count: {caesar}}}]
        events:
          - {{type: step, round: 4, player: Galatia, step: galatiaCombatMove}}
          - {{type: move, units: {{infantry: 3}}, route: [Thracia, Macedonia]}}
          - {{type: step, step: galatiaBattle}}
          - {{type: ownership, territory: Macedonia, old_owner: Macedonia, new_owner: Galatia}}
{removal}          - {{type: step, step: galatiaPurchase}}
          - {{type: step, round: 4, player: Egyptus, step: egyptusPolitics}}
    """


def test_captives_discarded_breaks(run):
    found = run("empire", [CAPTIVES], _fall(removed=False))
    assert where(found) == [("captives-discarded", 4, "Galatia", "galatiaPurchase", 12)]
    assert "Macedonia lost its home province Macedonia to Galatia" in found[0].message
    assert "2 italia_general" in found[0].message


def test_captives_discarded_keeps(run):
    assert run("empire", [CAPTIVES], _fall(removed=True)) == []
    # a fallen caesar's captives pass to the conqueror (rule 104): nothing to discard
    assert run("empire", [CAPTIVES], _fall(removed=False, caesar=0)) == []
