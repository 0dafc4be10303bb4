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
