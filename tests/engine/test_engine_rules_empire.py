"""House rules of Empire and Aggression 1939, each broken and kept on the real map."""

from __future__ import annotations

from tests.engine.conftest import where

LIMIT = {"id": "build-limit", "limits": {"infantry": 18, "cavalry": 6, "catapult": 3}}

SEVENTEEN = """\
    initial:
      units: {Italia: [{type: infantry, owner: Italia, count: 17}, {type: general, owner: Italia, count: 1}]}
    events:
      - {type: step, round: 2, player: Italia, step: italiaPurchase}
"""


def test_build_limit_breaks(run):
    log = SEVENTEEN + """\
      - {type: purchase, units: {infantry: 2}, cost: {PUs: 20}}
      - {type: step, step: italiaPlace}
      - {type: place, territory: Italia, units: {infantry: 2}}
"""
    found = run("empire", [LIMIT], log)
    assert where(found) == [
        ("build-limit", 2, "Italia", "italiaPurchase", 5)
    ]
    assert "19 infantry" in found[0].message


def test_build_limit_keeps(run):
    log = SEVENTEEN + """\
      - {type: purchase, units: {infantry: 1, cavalry: 6}}
      - {type: step, step: italiaPlace}
      - {type: place, territory: Italia, units: {infantry: 1, cavalry: 6}}
"""
    assert run("empire", [LIMIT], log) == []


LEGION = {
    "id": "legion-cap",
    "stack_limits": {"infantry": 12, "cavalry": 4, "catapult": 2},
    "legion": {"infantry": 6, "cavalry": 2, "catapult": 1},
    "leaders": ["general", "macedonia_caesar", "city", "fortified_city"],
}


def _legion_log(cavalry: int, fired: int) -> str:
    return f"""\
        initial:
          relationships: {{Galatia|Macedonia: War}}
          units: {{Macedonia: [{{type: cavalry, owner: Macedonia, count: 5}}, {{type: general, owner: Macedonia}}]}}
          owners: {{Thracia: Galatia}}
        events:
          - {{type: step, round: 4, player: Macedonia, step: macedoniaCombatMove}}
          - {{type: move, units: {{cavalry: {cavalry}, general: 1}}, route: [Macedonia, Thracia]}}
          - {{type: step, step: macedoniaBattle}}
          - type: battle
            territory: Thracia
            attacker: Macedonia
            defender: Galatia
            rounds:
              - {{attacker_fired: [{{type: cavalry, owner: Macedonia, count: {fired}}}]}}
    """


def test_legion_cap_breaks(run):
    found = run("empire", [LEGION], _legion_log(5, 3))
    assert where(found) == [
        ("legion-cap", 4, "Macedonia", "macedoniaCombatMove", 7),
        ("legion-cap", 4, "Macedonia", "macedoniaBattle", 9),
    ]
    assert "stack limit is 4" in found[0].message and "at most 2" in found[1].message


def test_legion_cap_keeps(run):
    assert run("empire", [LEGION], _legion_log(4, 2)) == []


INFLATION = {
    "id": "inflation",
    "thresholds": [{"income": 105, "multiplier": 2}, {"income": 205, "multiplier": 3}],
    "unit_income": {"city": 5, "fortified_city": 5},
}


def _inflation_log(macedonia_pays: int) -> str:
    return f"""\
        initial:
          owners: {{Neapolis: Italia, Achaia: Italia, Africa Procons: Italia, Asia: Italia, Britannia: Italia,
                   Caesariensis: Italia, Cyrenaica: Italia, Mesopotamia: Italia}}
        events:
          - {{type: step, round: 1, player: Italia, step: italiaCombatMove}}
          - {{type: ownership, territory: Sicilia, new_owner: Italia}}
          - {{type: ownership, territory: Thracia, new_owner: Italia}}
          - {{type: step, step: italiaPurchase}}
          - {{type: purchase, units: {{infantry: 2}}, cost: {{PUs: 20}}}}
          - {{type: step, round: 2, player: Macedonia, step: macedoniaPurchase}}
          - {{type: purchase, units: {{infantry: 1}}, cost: {{PUs: {macedonia_pays}}}}}
    """


def test_inflation_breaks(run):
    found = run("empire", [INFLATION], _inflation_log(10))
    assert where(found) == [
        ("inflation", 2, "Macedonia", "macedoniaPurchase", 11)
    ]
    assert "must cost 20" in found[0].message


def test_inflation_keeps(run):
    # Italia raised inflation on its own turn: its last purchase at old prices is fine
    assert run("empire", [INFLATION], _inflation_log(20)) == []


TRUCE = {"id": "truce-expiry", "until_round": 3, "truce_types": ["TruceI", "TruceII", "TruceIII"]}


def _truce_log(round_: int, relationship: str = "War") -> str:
    return f"""\
        initial:
          owners: {{Thracia: Galatia}}
          relationships: {{Galatia|Macedonia: {relationship}}}
        events:
          - {{type: step, round: {round_}, player: Macedonia, step: macedoniaCombatMove}}
          - {{type: move, units: {{infantry: 2, general: 1}}, route: [Macedonia, Thracia]}}
          - {{type: step, step: macedoniaBattle}}
          - {{type: battle, territory: Thracia, attacker: Macedonia, defender: Galatia}}
    """


def test_truce_expiry_breaks(run):
    found = run("empire", [TRUCE], _truce_log(2))
    assert where(found) == [
        ("truce-expiry", 2, "Macedonia", "macedoniaCombatMove", 6)
    ]
    found = run("empire", [TRUCE], _truce_log(5, "TruceII"))
    assert [(v.round, v.line) for v in found] == [(5, 6)] and "TruceII" in found[0].message


def test_truce_expiry_keeps(run):
    assert run("empire", [TRUCE], _truce_log(3)) == []


CANALS = {"id": "canal-control"}


def test_canal_control_breaks(run):
    log = """\
        events:
          - {type: step, round: 2, player: Italy, step: italyCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 28, Sea Zone 41]}
    """
    found = run("aggression", [CANALS], log)
    assert where(found) == [
        ("canal-control", 2, "Italy", "italyCombatMove", 3)
    ]
    assert "Suez Canal" in found[0].message


def test_canal_split_between_enemies_is_closed(run):
    log = """\
        initial:
          owners: {Middle East: Italy}
        events:
          - {type: step, round: 2, player: England, step: englandNonCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 41, Sea Zone 28]}
    """
    assert [v.player for v in run("aggression", [CANALS], log)] == ["England"]


def test_canal_control_keeps(run):
    log = """\
        events:
          - {type: step, round: 2, player: England, step: englandCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 28, Sea Zone 41]}
          - {type: step, round: 2, player: Italy, step: italyCombatMove}
          - {type: move, units: {fighter: 1}, route: [Sea Zone 28, Sea Zone 41]}
          - {type: step, round: 2, player: Germany, step: germanyCombatMove}
          - {type: move, units: {destroyer: 1}, route: [Sea Zone 15, Sea Zone 16]}
    """
    assert run("aggression", [CANALS], log) == []
