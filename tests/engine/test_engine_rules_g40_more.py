"""More G40 Alt Universe house rules: cities and income, capture bonuses, French escalation."""

from __future__ import annotations

from tests.engine.conftest import where

NO_CITY = {"id": "no-city-spending", "players": ["Germans", "Italians"]}


def test_no_city_spending_breaks(run):
    log = """\
        initial:
          units: {I1: [{type: infantry, owner: Italians, count: 2}]}
        events:
          - {type: step, round: 3, player: Italians, step: italiansEndTurn}
          - {type: resources, resource: PUs, amount: 12, reason: Italians collect 12 PUs of income}
    """
    found = run("g40", [NO_CITY], log)
    assert where(found) == [
        ("no-city-spending", 3, "Italians", "italiansEndTurn", 5)
    ]


def test_no_city_spending_keeps(run):
    log = """\
        initial:
          units: {I1: [{type: infantry, owner: Italians, count: 2}]}
        events:
          - {type: step, round: 3, player: Italians, step: italiansPurchase}
          - {type: purchase, units: {infantry: 2}, cost: {PUs: 6}}
          - {type: step, round: 3, player: Germans, step: germansEndTurn}
          - {type: resources, resource: PUs, amount: 30, reason: Germans collect 30 PUs of income}
    """
    assert run("g40", [NO_CITY], log) == []


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


FRANCE = {"id": "french-escalation"}


def test_french_escalation_breaks(run):
    log = """\
        events:
          - {type: step, round: 1, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 3}, route: [F3, F2]}
          - {type: move, units: {armour: 1}, route: [F3, F4]}
          - {type: move, units: {cruiser: 1}, route: [23 Sea Zone, 72 Sea Zone]}
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
          - {type: step, round: 2, player: French, step: frenchPolitics}
          - {type: political, action: war, players: [Germans], new_relationship: War}
    """
    found = run("g40", [FRANCE], log)
    assert where(found) == [
        ("french-escalation", 1, "French", "frenchNonCombatMove", 4),
        ("french-escalation", 1, "French", "frenchNonCombatMove", 5),
        ("french-escalation", 2, "British", "britishNonCombatMove", 7),
        ("french-escalation", 2, "French", "frenchPolitics", 9),
    ]
    assert "4 units" in found[0].message and "Axis-held G18, G19, I1" in found[1].message
    assert "allowed from 3" in found[2].message and "level 1" in found[3].message


def test_french_escalation_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: Germans, step: germansBattle}
          - {type: battle, territory: IN1, attacker: Germans}
          - {type: battle, territory: IN2, attacker: Germans}
          - {type: step, round: 1, player: British, step: britishCombatMove}
          - {type: move, units: {fighter: 1}, route: [UK5, IN3, UK4]}
          - {type: step, round: 1, player: Italians, step: italiansBattle}
          - {type: battle, territory: IN3, attacker: Italians}
          - {type: battle, territory: IN4, attacker: Italians}
          - {type: step, round: 1, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 5}, route: [F3, F2]}
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
          - {type: step, round: 2, player: French, step: frenchPolitics}
          - {type: political, action: war, players: [Germans], new_relationship: War}
    """
    # Axis 3 (IN1, IN2, IN4) against Allies 1 (the fly-over of IN3): level 1 + 2 = 3, not yet 4
    found = run("g40", [FRANCE], log)
    assert [v.line for v in found] == [15]
    more = log.replace("          - {type: step, round: 1, player: French",
                       "          - {type: battle, territory: IN5, attacker: Italians}\n"
                       "          - {type: step, round: 1, player: French", 1)
    assert run("g40", [FRANCE], more) == []


SBR = {"id": "sbr-bonus", "unit_types": ["bomber"], "bonus": 4}


def _raid(damage: int, defenders: str = "[]", attackers: str = "[{type: bomber, owner: Germans, count: 2}]") -> str:
    return f"""\
        initial:
          relationships: {{British|Germans: War}}
          units: {{UK4: {defenders}, 40 Sea Zone: []}}
        events:
          - {{type: step, round: 2, player: Germans, step: germansCombatMove}}
          - {{type: place, territory: UK4, units: {attackers}}}
          - {{type: step, step: germansBattle}}
          - type: battle
            territory: UK4
            attacker: Germans
            result: bombing_raid
            rounds: [{{firing: Germans, dice: [3, 5], damage: {damage}}}]
    """


def test_sbr_bonus_breaks(run):
    found = run("g40", [SBR], _raid(12))
    assert where(found) == [
        ("sbr-bonus", 2, "Germans", "germansBattle", 8)
    ]
    assert "deals 12 damage; with no interceptors each die adds 4, so 16" in found[0].message


def test_sbr_bonus_keeps(run):
    assert run("g40", [SBR], _raid(16)) == []
    fighters = "[{type: fighter, owner: British, count: 2}]"
    escorted = "[{type: bomber, owner: Germans, count: 2}, {type: fighter, owner: Germans, count: 2}]"
    assert run("g40", [SBR], _raid(12, fighters, escorted)) == []
    found = run("g40", [SBR], _raid(16, fighters, escorted))
    assert len(found) == 1 and "2 escorts against 2 interceptors" in found[0].message
