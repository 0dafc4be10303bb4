"""House rules of G40 Alt Universe, each broken and kept on the real map."""

from __future__ import annotations

from tests.engine.conftest import line_of, where

STRAITS = {"id": "strait-crossing", "straits": [["G19", "I1"], ["UK5", "F3"]], "granted": {"French": ["British"]}}

STRAIT_BREAK = """\
    game: G40 Alt Universe
    initial:
      owners: {I1: British}
    events:
      - {type: step, round: 2, player: Germans, step: germansCombatMove}
      - {type: move, units: {infantry: 2}, route: [G19, I1]}
"""


def test_strait_crossing_breaks(run):
    found = run("g40", [STRAITS], STRAIT_BREAK)
    assert len(found) == 1
    v = found[0]
    assert (v.rule, v.round, v.player, v.step) == ("strait-crossing", 2, "Germans", "germansCombatMove")
    assert v.line == line_of(STRAIT_BREAK, "route: [G19, I1]")
    assert "I1 (British)" in v.message


def test_strait_crossing_uses_the_start_of_the_turn(run):
    # I1 is captured during the turn: it still was not friendly at the turn's start
    log = STRAIT_BREAK + "      - {type: ownership, territory: I1, new_owner: Germans}\n" + \
        "      - {type: move, units: {armour: 1}, route: [G19, I1]}\n"
    found = run("g40", [STRAITS], log)
    assert [v.line for v in found] == [6, 8]


def test_strait_crossing_keeps(run):
    log = """\
        events:
          - {type: step, round: 2, player: Germans, step: germansCombatMove}
          - {type: move, units: {infantry: 2}, route: [G19, I1]}
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
    """
    assert run("g40", [STRAITS], log) == []
    # without France's grant the British crossing breaks the rule
    ungranted = {"id": "strait-crossing", "straits": [["UK5", "F3"]]}
    found = run("g40", [ungranted], log)
    assert [(v.player, v.line) for v in found] == [("British", 5)]


ZONE = {"id": "naval-end-zone", "zone": "76 Sea Zone"}


def test_naval_end_zone_breaks(run):
    log = """\
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone, 90 Sea Zone]}
    """
    found = run("g40", [ZONE], log)
    assert where(found) == [
        ("naval-end-zone", 3, "Japanese", "japaneseCombatMove", 3)
    ]


def test_naval_end_zone_entered_then_left_in_a_second_move(run):
    log = """\
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone]}
          - {type: step, step: japaneseNonCombatMove}
          - {type: move, units: {destroyer: 1}, route: [76 Sea Zone, 90 Sea Zone]}
    """
    found = run("g40", [ZONE], log)
    assert [(v.step, v.line) for v in found] == [("japaneseNonCombatMove", 5)]


def test_naval_end_zone_exemption(run):
    rule = {**ZONE, "exempt_when": {"Japanese": {"not_at_war": [["Japanese", "Chinese"]]}}}
    log = """\
        events:
          - {type: step, round: 3, player: Japanese, step: japanesePolitics}
          - {type: political, action: war, players: [Chinese], new_relationship: War}
          - {type: step, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone, 90 Sea Zone]}
          - {type: step, round: 4, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [90 Sea Zone, 76 Sea Zone, 65 Sea Zone]}
    """
    # free on the turn Japan declares war on China (not at war at its start), bound the turn after
    found = run("g40", [rule], log)
    assert [(v.round, v.line) for v in found] == [(4, 7)]


def test_naval_end_zone_keeps(run):
    log = """\
        initial:
          units: {76 Sea Zone: [{type: cruiser, owner: Japanese, count: 1}]}
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone]}
          - {type: move, units: {cruiser: 1}, route: [76 Sea Zone, 90 Sea Zone]}
          - {type: move, units: {fighter: 1}, route: [J1, 76 Sea Zone, C10]}
    """
    assert run("g40", [ZONE], log) == []
    # all six territories around friendly at the turn's start: ships may pass
    friendly = """\
        initial:
          owners: {C9: Japanese, C10: Japanese, C11: Japanese, C16: Japanese}
        events:
          - {type: step, round: 3, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {destroyer: 1}, route: [65 Sea Zone, 76 Sea Zone, 90 Sea Zone]}
    """
    assert run("g40", [ZONE], friendly) == []


CITIES = ["G5", "G15", "G19", "G21", "I1", "I5", "J6", "J9", "J13", "J14", "UK4", "UK10", "UK19",
          "UK27", "R4", "R16", "R21", "R26"]
VICTORY = {
    "id": "victory-held-round",
    "winners": "Axis",
    "territories": CITIES,
    "conditions": [{"controller": "Axis", "at_least": 12}],
}


def _victory_log(declare_round: int) -> str:
    return f"""\
        events:
          - {{type: step, round: 5, player: Germans, step: germansCombatMove}}
          - {{type: ownership, territory: UK4, new_owner: Germans}}
          - {{type: ownership, territory: UK10, new_owner: Germans}}
          - {{type: ownership, territory: R4, new_owner: Germans}}
          - {{type: step, round: 5, player: Russians, step: russiansCombatMove}}
          - {{type: step, round: 5, player: British, step: britishCombatMove}}
          - {{type: step, round: {declare_round}, player: Germans, step: germansEndTurn}}
          - {{type: victory, winners: [Axis]}}
    """


def test_victory_held_round_breaks(run):
    found = run("g40", [VICTORY], _victory_log(5))
    assert len(found) == 1
    v = found[0]
    assert (v.rule, v.round, v.player, v.step, v.line) == ("victory-held-round", 5, "Germans", "germansEndTurn", 9)
    assert "whole round" in v.message


def test_victory_held_round_keeps(run):
    assert run("g40", [VICTORY], _victory_log(6)) == []


def test_victory_without_the_condition_breaks(run):
    log = """\
        events:
          - {type: step, round: 7, player: Germans, step: germansEndTurn}
          - {type: victory, winners: [Germans]}
    """
    found = run("g40", [VICTORY], log)
    assert [v.line for v in found] == [3] and "does not hold" in found[0].message


MOVE_LIMIT = {
    "id": "move-limit",
    "player": "French",
    "max_units": 3,
    "phase": "noncombat-move",
    "when": {"not_at_war": [["French", "Axis"]]},
}


def test_move_limit_breaks(run):
    log = """\
        events:
          - {type: step, round: 1, player: French, step: frenchCombatMove}
          - {type: move, units: {infantry: 3}, route: [F3, F2]}
          - {type: step, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [F3, F2]}
          - {type: move, units: {infantry: 1, armour: 1}, route: [F3, F4]}
    """
    found = run("g40", [MOVE_LIMIT], log)
    assert where(found) == [
        ("move-limit", 1, "French", "frenchNonCombatMove", 6)
    ]


def test_move_limit_keeps(run):
    log = """\
        events:
          - {type: step, round: 1, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 2}, route: [F3, F2]}
          - {type: move, units: {armour: 1}, route: [F3, F4]}
    """
    assert run("g40", [MOVE_LIMIT], log) == []
    # at war with the Axis at the start of the turn, the limit no longer holds
    at_war = """\
        initial:
          relationships: {French|Germans: War}
        events:
          - {type: step, round: 4, player: French, step: frenchNonCombatMove}
          - {type: move, units: {infantry: 5}, route: [F3, F2]}
    """
    assert run("g40", [MOVE_LIMIT], at_war) == []


ENTRY = {"id": "noncombat-only-entry", "owned_by": "French", "players": ["British", "Americans"]}


def test_noncombat_only_entry_breaks(run):
    log = """\
        events:
          - {type: step, round: 2, player: British, step: britishCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
    """
    found = run("g40", [ENTRY], log)
    assert where(found) == [
        ("noncombat-only-entry", 2, "British", "britishCombatMove", 3)
    ]


def test_noncombat_only_entry_keeps(run):
    log = """\
        events:
          - {type: step, round: 2, player: British, step: britishNonCombatMove}
          - {type: move, units: {infantry: 1}, route: [UK5, F3]}
          - {type: step, round: 2, player: French, step: frenchCombatMove}
          - {type: move, units: {infantry: 1}, route: [F2, F3]}
    """
    assert run("g40", [ENTRY], log) == []


WAR = {
    "id": "war-declaration-timing",
    "player": "Russians",
    "before_round": 3,
    "unless": {"any_of": [{"at_war": [["Russians", "Axis"]]},
                          {"attacked": {"by": "Axis", "territories": ["PA4", "PA10", "PA11", "PA12"]}}]},
}


def test_war_declaration_timing_breaks(run):
    log = """\
        events:
          - {type: step, round: 2, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Germans], new_relationship: War}
    """
    found = run("g40", [WAR], log)
    assert where(found) == [
        ("war-declaration-timing", 2, "Russians", "russiansPolitics", 3)
    ]


def test_war_declaration_timing_keeps(run):
    in_time = """\
        events:
          - {type: step, round: 3, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Germans], new_relationship: War}
    """
    assert run("g40", [WAR], in_time) == []
    provoked = """\
        events:
          - {type: step, round: 1, player: Germans, step: germansBattle}
          - {type: battle, territory: PA10, attacker: Germans, defender: Pro_Allies}
          - {type: step, round: 1, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Germans], new_relationship: War}
    """
    assert run("g40", [WAR], provoked) == []
    attacked_first = """\
        events:
          - {type: step, round: 1, player: Germans, step: germansPolitics}
          - {type: political, action: declare war, players: [Russians], new_relationship: War}
          - {type: step, round: 1, player: Russians, step: russiansPolitics}
          - {type: political, action: declare war, players: [Italians], new_relationship: War}
    """
    assert run("g40", [WAR], attacked_first) == []


BOMBERS = {"id": "bomber-first-round", "unit_types": ["bomber"], "also_last": ["transport"]}


def test_bomber_fires_after_round_one_breaks(run):
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 3}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            defender: British
            rounds:
              - {attacker_fired: [{type: bomber, owner: Germans, count: 1}]}
              - {attacker_fired: [{type: bomber, owner: Germans, count: 1}, {type: infantry, owner: Germans}]}
    """
    found = run("g40", [BOMBERS], log)
    assert where(found) == [
        ("bomber-first-round", 2, "Germans", "germansBattle", 6)
    ]
    assert "round 2" in found[0].message


def test_defending_bomber_lost_first_breaks(run):
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 2}, {type: bomber, owner: British, count: 1}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            defender_losses: [{type: bomber, owner: British}]
    """
    found = run("g40", [BOMBERS], log)
    assert len(found) == 1 and "2 infantry still defend" in found[0].message


def test_bomber_first_round_keeps(run):
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 1}, {type: bomber, owner: British, count: 1},
                        {type: factory_minor, owner: British, count: 1}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            rounds:
              - attacker_fired: [{type: bomber, owner: Germans}]
                defender_casualties: [{type: infantry, owner: British}]
              - attacker_fired: [{type: infantry, owner: Germans}]
                defender_casualties: [{type: bomber, owner: British}]
    """
    assert run("g40", [BOMBERS], log) == []


def test_bomber_rounds_in_the_save_readers_shape(run):
    """Rounds as the save reader writes them: firing entries and mixed casualty lists per round."""
    log = """\
        initial:
          relationships: {British|Germans: War}
          units: {UK4: [{type: infantry, owner: British, count: 3}]}
        events:
          - {type: step, round: 2, player: Germans, step: germansBattle}
          - type: battle
            territory: UK4
            attacker: Germans
            rounds:
              - {round: 2, firing: Germans, dice: [3, 1], hits: 1}
              - {round: 2, casualties: [{type: infantry, owner: British}]}
              - {round: 3, firing: Germans, dice: [5], hits: 0}
              - round: 3
                casualties: [{type: bomber, owner: Germans}, {type: infantry, owner: British}]
    """
    found = run("g40", [BOMBERS], log)
    assert len(found) == 1
    assert "taken as a casualty in combat round 2" in found[0].message
