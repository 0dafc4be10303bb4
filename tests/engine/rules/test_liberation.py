"""liberation: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

LIBERATION = {"id": "liberation"}


def _log(french_cities: str, new_owner: str) -> str:
    return f"""\
    initial:
      owners: {{F5: Germans, {french_cities}}}
      relationships: {{British|French: Allied, British|Germans: War, French|Germans: War}}
    events:
      - {{type: step, round: 3, player: British, step: britishBattle}}
      - {{type: ownership, territory: F5, old_owner: Germans, new_owner: {new_owner}}}
    """


def test_liberation_breaks(run):
    # France owns no city (F3 and F13 are German): F5 stays with the liberator
    found = run("g40", [LIBERATION], _log("F3: Germans, F13: Germans", "French"))
    assert where(found) == [("liberation", 3, "British", "britishBattle", 6)]
    assert "must go to British (French owns no city)" in found[0].message
    # France still holds F3: F5 reverts to France
    assert len(run("g40", [LIBERATION], _log("F13: Germans", "British"))) == 1


def test_liberation_keeps(run):
    assert run("g40", [LIBERATION], _log("F3: Germans, F13: Germans", "British")) == []
    assert run("g40", [LIBERATION], _log("F13: Germans", "French")) == []
