"""resource-tracing: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

TRACING = {"id": "resource-tracing", "values": {"Germany": 3, "West Europe": 3, "Karelia S.S.R.": 5}}


def _placing(n: int, initial: str = "") -> str:
    return f"""\
        {initial or 'initial: {}'}
        events:
          - {{type: step, round: 1, player: Germans, step: germanPlace}}
          - {{type: place, territory: Germany, units: {{infantry: {n}}}}}
          - {{type: step, step: germanEndTurn}}
          - {{type: resources, resource: PUs, amount: 6, reason: Germans collect income}}
    """


def test_resource_tracing_breaks(run):
    found = run("classic", [TRACING], _placing(7))
    assert where(found) == [
        ("resource-tracing", 1, "Germans", "germanPlace", 4)
    ]
    assert "only 6 resource(s)" in found[0].message


def test_resource_tracing_blocked_by_enemy_forces(run):
    # West Europe solely occupied by British forces at the turn's start: it no longer traces
    blocked = "initial: {units: {West Europe: [{type: infantry, owner: British, count: 1}]}}"
    found = run("classic", [TRACING], _placing(4, blocked))
    assert [v.line for v in found] == [4, 6]
    assert "only 3 resource(s)" in found[0].message and "only 3 trace" in found[1].message


def test_resource_tracing_keeps(run):
    assert run("classic", [TRACING], _placing(6)) == []


SCORCHED = {**TRACING, "values": {"Germany": 3, "Ukraine S.S.R.": 2, "Sweden": 1, "Russia": 8, "Caucasus": 4},
            "halved": {"Russians": ["Ukraine S.S.R.", "Russia"]}, "tributes": {"Sweden": "Germans"},
            "resistance": ["Russians"]}


def _income(player: str, step: str, amount: int, extra: str = "") -> str:
    return f"""\
        initial: {{owners: {{Ukraine S.S.R.: Germans}}}}
        events:
{extra}
          - {{type: step, round: 2, player: {player}, step: {step}}}
          - {{type: resources, resource: PUs, amount: {amount}, reason: {player} collect {amount} PUs}}
          - {{type: step, round: 2, player: Japanese, step: japaneseTech}}
    """


def test_scorched_earth_and_neutral_tribute(run):
    # Germany 3 + Ukraine halved (1) + neutral Sweden 1 = 5
    assert run("classic", [SCORCHED], _income("Germans", "germanEndTurn", 5)) == []
    found = run("classic", [SCORCHED], _income("Germans", "germanEndTurn", 6))
    assert "only 5 trace" in found[0].message


def test_resistance_keeps_russia_playing_without_its_capital(run):
    fall = """\
          - {type: step, round: 1, player: Germans, step: germanBattle}
          - {type: ownership, territory: Russia, old_owner: Russians, new_owner: Germans}"""
    assert run("classic", [SCORCHED], _income("Russians", "russianEndTurn", 4, fall)) == []
    plunder = fall + ("\n          - {type: resources, player: Russians, resource: PUs, amount: -8, "
                      "reason: Battle in Russia}")
    found = run("classic", [SCORCHED], _income("Russians", "russianEndTurn", 4, plunder))
    assert "not eliminated with their capital" in found[0].message
    # no collection in the Russians' end-turn step (TripleA collects nothing without the capital)
    nothing = _income("Russians", "russianEndTurn", 4, fall).replace(
        "{type: resources, resource: PUs, amount: 4, reason: Russians collect 4 PUs}", "{type: note, text: none}")
    assert "type: note" in nothing
    found = run("classic", [SCORCHED], nothing)
    assert [b.message for b in found] == [
        "Russians collect nothing with Russia lost, though 4 resource(s) trace to their factories; they are not "
        "eliminated"]


def test_resource_tracing_reads_the_collection_not_its_words(run):
    # the end-turn collection is judged whatever its text says; a later change in that step (an objective) is not
    reworded = _income("Germans", "germanEndTurn", 6).replace("reason: Germans collect 6 PUs", "reason: end of turn")
    assert "reason: end of turn" in reworded
    assert "only 5 trace" in run("classic", [SCORCHED], reworded)[0].message
    objective = _income("Germans", "germanEndTurn", 5).replace(
        "          - {type: step, round: 2, player: Japanese",
        "          - {type: resources, resource: PUs, amount: 9, reason: Germans collect 9 PUs}\n"
        "          - {type: step, round: 2, player: Japanese")
    assert "amount: 9" in objective and run("classic", [SCORCHED], objective) == []
