"""truce-expiry: logs on the Empire map that break the rule and logs that keep it.

The reference map starts every pair in a relationship made in round 1 (roundValue 1), so a TruceII
at the start holds through round 2, as TripleA's step-down triggers (`relationship: A:B:TruceII:1`)
make it: TruceI in round 2, War in round 3.
"""

from __future__ import annotations

import pytest

from tests.engine.conftest import where

TRUCE = {"id": "truce-expiry", "truce_types": {"TruceI": 1, "TruceII": 2, "TruceIII": 3}}


def _truce_log(round_: int, relationship: str = "TruceII", before: str = "") -> str:
    return f"""\
        initial:
          owners: {{Thracia: Galatia}}
          relationships: {{Galatia|Macedonia: {relationship}}}
        events:
{before}          - {{type: step, round: {round_}, player: Macedonia, step: macedoniaCombatMove}}
          - {{type: move, units: {{infantry: 2, general: 1}}, route: [Macedonia, Thracia]}}
          - {{type: step, step: macedoniaBattle}}
          - {{type: battle, territory: Thracia, attacker: Macedonia, defender: Galatia}}
    """


def _truce_made(round_: int, truce: str) -> str:
    """Macedonia and Galatia agree on a truce in Macedonia's politics of `round_`."""
    return (f"          - {{type: step, round: {round_}, player: Macedonia, step: macedoniaPolitics}}\n"
            f"          - {{type: political, action: MacedoniaTruce, players: [Galatia], "
            f"new_relationship: {truce}}}\n")


def test_truce_expiry_breaks(run):
    found = run("empire", [TRUCE], _truce_log(2))
    assert where(found) == [("truce-expiry", 2, "Macedonia", "macedoniaCombatMove", 6)]
    assert "TruceII" in found[0].message and "through round 2" in found[0].message
    found = run("empire", [TRUCE], _truce_log(6, "War", _truce_made(4, "TruceIII")))
    assert [(v.round, v.line) for v in found] == [(6, 8)] and "made in round 4" in found[0].message


def test_truce_expiry_keeps(run):
    assert run("empire", [TRUCE], _truce_log(3)) == []  # the TruceII made in round 1 is over
    assert run("empire", [TRUCE], _truce_log(7, "War", _truce_made(4, "TruceIII"))) == []
    assert run("empire", [TRUCE], _truce_log(4, "War")) == []


def test_recorded_step_downs_agree_with_the_lengths(run):
    """A save records TripleA's step-downs: TruceI made in round 2, War in round 3."""
    steps = "".join(
        f"          - {{type: step, round: {r}, player: Macedonia, step: macedoniaPolitics}}\n"
        f"          - {{type: political, action: trigger, players: [Macedonia, Galatia], new_relationship: {to}}}\n"
        for r, to in ((2, "TruceI"), (3, "War")))
    found = run("empire", [TRUCE], _truce_log(2, before=steps.split("          - {type: step, round: 3")[0]))
    assert [v.round for v in found] == [2] and "TruceI between them (made in round 2" in found[0].message
    assert run("empire", [TRUCE], _truce_log(3, before=steps)) == []


def test_a_truce_type_without_a_length_holds_while_it_stands(run):
    rule = {"id": "truce-expiry", "truce_types": ["TruceII"]}
    assert [v.round for v in run("empire", [rule], _truce_log(9))] == [9]


@pytest.mark.parametrize(("params", "words"), [({}, "give truce_types"),
                                               ({"truce_types": {"TruceI": 0}}, "at least 1")])
def test_bad_params_are_refused(run, params, words):
    with pytest.raises(Exception, match=words):
        run("empire", [{"id": "truce-expiry", **params}], _truce_log(2))
