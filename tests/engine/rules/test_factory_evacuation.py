"""factory-evacuation: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

EVACUATION = {"id": "factory-evacuation", "players": ["Russians"], "max_spaces": 2}


def test_factory_evacuation_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: Russians, step: russianNonCombatMove}
          - {type: move, units: {factory: 1}, route: [Karelia S.S.R., Russia, Kazakh S.S.R.]}
          - {type: step, step: russianPlace}
          - {type: place, territory: Russia, units: {infantry: 1}}
          - {type: step, round: 2, player: Russians, step: russianPlace}
          - {type: place, territory: Kazakh S.S.R., units: {infantry: 1}}
    """
    assert run("classic", [EVACUATION], log) == []


def test_factory_evacuation_breaks(run):
    log = """\
        initial: {owners: {Kazakh S.S.R.: Japanese}}
        events:
          - {type: step, round: 1, player: Russians, step: russianCombatMove}
          - {type: move, units: {factory: 1}, route: [Karelia S.S.R., Russia, Kazakh S.S.R., Novosibirsk]}
          - {type: step, step: russianPlace}
          - {type: place, territory: Novosibirsk, units: {infantry: 1}}
          - {type: step, round: 1, player: Germans, step: germanNonCombatMove}
          - {type: move, units: {factory: 1}, route: [Germany, East Europe]}
    """
    found = run("classic", [EVACUATION], log)
    assert where(found) == [("factory-evacuation", 1, "Russians", "russianCombatMove", 4)] * 3 + [
        ("factory-evacuation", 1, "Russians", "russianPlace", 6),
        ("factory-evacuation", 1, "Germans", "germanNonCombatMove", 8),
    ]
    assert ["combat-move" in found[0].message, "3 spaces" in found[1].message, "Kazakh" in found[2].message] == [
        True, True, True]
