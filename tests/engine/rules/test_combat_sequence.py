"""combat-sequence: logs on the World War II Classic map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

LAND = ["infantry", "armour", "battleship", "carrier", "transport", "submarine"]
TARGETS = ["infantry", "armour", "aaGun", "battleship", "carrier", "transport"]
SEQUENCE = {
    "id": "combat-sequence",
    "steps": [
        {"side": "defender", "units": ["battleship", "carrier", "transport"], "targets": ["submarine"], "strength": 1},
        {"side": "attacker", "units": ["submarine"], "targets": ["battleship", "carrier", "transport"],
         "withdraw": True},
        {"side": "defender", "units": ["fighter", "aaGun"], "targets": ["fighter", "bomber"]},
        {"side": "attacker", "units": ["fighter", "bomber"]},
        {"side": "defender", "units": LAND, "targets": TARGETS},
        {"side": "attacker", "units": LAND, "targets": TARGETS},
    ],
    "strengths": {"aaGun": {"defense": 2}},
    "damaged_first": ["battleship"],
    "defender_retreat": 0.5,
    "bonuses": [
        {"name": "Capital", "side": "defender", "units": ["infantry"], "strength": 3, "own_capital": True},
        {"name": "Banzai", "side": "attacker", "players": ["Japanese"], "units": ["infantry"], "strength": 2,
         "rounds": [1], "once_per_turn": True, "no_retreat": True},
        {"name": "SS Panzers", "side": "attacker", "players": ["Germans"], "units": ["armour"], "fires_at": 3,
         "once_per_turn": True},
    ],
}

KARELIA = """\
    initial:
      units: {{East Europe: [{{type: infantry, owner: Germans, count: 2}}, {{type: armour, owner: Germans, count: 1}},
                             {{type: fighter, owner: Germans, count: 1}}],
              Karelia S.S.R.: [{{type: infantry, owner: Russians, count: 2}},
                               {{type: fighter, owner: Russians, count: 1}},
                               {{type: aaGun, owner: Russians, count: 1}}]}}
    events:
      - {{type: step, round: 1, player: Germans, step: germanCombatMove}}
      - {{type: move, units: {{infantry: 2, armour: 1}}, route: [East Europe, Karelia S.S.R.]}}
      - {{type: move, units: {{fighter: 1}}, route: [East Europe, Karelia S.S.R.]}}
      - {{type: step, step: germanBattle}}
      - type: battle
        territory: Karelia S.S.R.
        attacker: Germans
        rounds:
          - rolls:
{rolls}
            retreats: {retreats}
"""
AIR_DEFENCE = ("          - {firing: Russians, units: [{type: aaGun, owner: Russians, count: 1}], dice: [2], hits: 1, "
               "casualties: [{type: fighter, owner: Germans, count: 1}]}")
LAND_DEFENCE = ("          - {firing: Russians, units: [{type: infantry, owner: Russians, count: 2}], dice: [2, 5], "
                "hits: 1, casualties: [{type: infantry, owner: Germans, count: 1}]}")
LAND_ATTACK = ("          - {firing: Germans, units: [{type: infantry, owner: Germans, count: 1}, "
               "{type: armour, owner: Germans, count: 1}], dice: [1, 3], hits: 2, "
               "casualties: [{type: infantry, owner: Russians, count: 2}]}")


def karelia(*rolls: str, retreats: str = "[]") -> str:
    return KARELIA.format(rolls="\n".join("    " + r for r in rolls), retreats=retreats)


def test_combat_sequence_keeps_the_order_strengths_and_casualties(run):
    assert run("classic", [SEQUENCE], karelia(AIR_DEFENCE, LAND_DEFENCE, LAND_ATTACK)) == []


def test_combat_sequence_breaks_the_order(run):
    found = run("classic", [SEQUENCE], karelia(AIR_DEFENCE, LAND_ATTACK, LAND_DEFENCE))
    assert where(found) == [("combat-sequence", 1, "Germans", "germanBattle", 12)]
    assert "out of the combat sequence" in found[0].message


def test_a_bombing_raid_in_any_case_is_not_judged(run):
    out_of_order = karelia(AIR_DEFENCE, LAND_ATTACK, LAND_DEFENCE)
    assert run("classic", [SEQUENCE], out_of_order)  # a battle: judged and broken
    for result in ("bombing_raid", "Bombing_Raid", "BOMBING_RAID"):
        attacker = "        attacker: Germans\n"
        raid = out_of_order.replace(attacker, f"{attacker}        result: {result}\n")
        assert raid != out_of_order
        assert run("classic", [SEQUENCE], raid) == [], result


def test_combat_sequence_breaks_strengths_and_targets(run):
    aa_on_3 = AIR_DEFENCE.replace("dice: [2]", "dice: [3]")
    land_hits_air = LAND_DEFENCE.replace("type: infantry, owner: Germans", "type: fighter, owner: Germans")
    found = run("classic", [SEQUENCE], karelia(aa_on_3, land_hits_air))
    assert [b.line for b in found] == [12, 12]
    assert "the strengths allow 0" in found[0].message
    assert "only infantry, armour, aaGun, battleship, carrier, transport may be hit" in found[1].message


def test_combat_sequence_limits_the_defenders_retreat(run):
    half = "[{units: [{type: infantry, owner: Russians, count: 1}], to: Russia}]"
    assert run("classic", [SEQUENCE], karelia(AIR_DEFENCE, retreats=half)) == []
    too_many = "[{units: [{type: infantry, owner: Russians, count: 2}], to: Russia}]"
    found = run("classic", [SEQUENCE], karelia(AIR_DEFENCE, retreats=too_many))
    assert "at most 1 of 2" in found[0].message
    enemy = "[{units: [{type: infantry, owner: Russians, count: 1}], to: East Europe}]"
    assert "not friendly" in run("classic", [SEQUENCE], karelia(AIR_DEFENCE, retreats=enemy))[0].message


def test_capital_infantry_and_once_per_turn_bonuses(run):
    log = """\
        initial:
          units: {Germany: [{type: infantry, owner: Germans, count: 2}, {type: infantry, owner: Japanese, count: 1}],
                  East Europe: [{type: armour, owner: Russians, count: 2}]}
          owners: {East Europe: Russians}
        events:
          - {type: step, round: 1, player: Russians, step: russianCombatMove}
          - {type: move, units: {armour: 2}, route: [East Europe, Germany]}
          - {type: step, step: russianBattle}
          - type: battle
            territory: Germany
            attacker: Russians
            rounds:
              - rolls:
                  - {firing: Germans, units: [{type: infantry, owner: Germans, count: 2}], dice: [3, 4], hits: 1}
                  - {firing: Japanese, units: [{type: infantry, owner: Japanese, count: 1}], dice: [3], hits: 1}
    """
    found = run("classic", [SEQUENCE], log)
    assert where(found) == [("combat-sequence", 1, "Russians", "russianBattle", 9)]
    assert "Japanese score 1 hit(s) with dice [3]" in found[0].message


def test_banzai_may_not_be_called_off(run):
    log = """\
        initial:
          units: {Kwangtung: [{type: infantry, owner: Japanese, count: 2}],
                  China: [{type: infantry, owner: Americans, count: 1}]}
        events:
          - {type: step, round: 1, player: Japanese, step: japaneseCombatMove}
          - {type: move, units: {infantry: 2}, route: [Kwangtung, China]}
          - {type: step, step: japaneseBattle}
          - type: battle
            territory: China
            attacker: Japanese
            rounds:
              - rolls:
                  - {firing: Americans, units: [{type: infantry, owner: Americans, count: 1}], dice: [6], hits: 0}
                  - {firing: Japanese, units: [{type: infantry, owner: Japanese, count: 2}], dice: [2, 6], hits: 1}
                retreats: [{units: [{type: infantry, owner: Japanese, count: 2}], to: Kwangtung}]
    """
    found = run("classic", [SEQUENCE], log)
    assert where(found) == [("combat-sequence", 1, "Japanese", "japaneseBattle", 8)]
    assert "may never be called off (Banzai)" in found[0].message
    assert run("classic", [SEQUENCE], log.replace("                retreats:", "                notes: []\n#")) == []


def test_ss_panzers_fire_early_once_a_turn(run):
    battle = """\
          - type: battle
            territory: {where}
            attacker: Germans
            rounds:
              - rolls:
                  - {{firing: Germans, units: [{{type: armour, owner: Germans, count: 1}}], dice: [6], hits: 0}}
                  - {{firing: Russians, units: [{{type: infantry, owner: Russians, count: 1}}], dice: [6], hits: 0}}
    """
    log = """\
        initial:
          units: {East Europe: [{type: armour, owner: Germans, count: 1}],
                  Ukraine S.S.R.: [{type: armour, owner: Germans, count: 1}],
                  Karelia S.S.R.: [{type: infantry, owner: Russians, count: 1}],
                  Caucasus: [{type: infantry, owner: Russians, count: 1}]}
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {armour: 1}, route: [East Europe, Karelia S.S.R.]}
          - {type: move, units: {armour: 1}, route: [Ukraine S.S.R., Caucasus]}
          - {type: step, step: germanBattle}
    """
    once = log.rstrip(" ") + battle.format(where="Karelia S.S.R.").rstrip(" ")
    assert run("classic", [SEQUENCE], once) == []
    found = run("classic", [SEQUENCE], once + battle.format(where="Caucasus").rstrip(" "))
    assert where(found) == [("combat-sequence", 1, "Germans", "germanBattle", 18)]
    assert "Russians fire with 1 infantry" in found[0].message


def test_hits_are_judged_whichever_unit_rolled_which_die():
    from compiler.engine.rules.combat_sequence import _hit_range

    assert _hit_range([1, 2], [3, 3]) == (2, 2)
    assert _hit_range([3, 1], [1, 3]) == (1, 2)  # the 3 may be the infantry's miss or the armour's hit
    assert _hit_range([5, 6], [4, 4]) == (0, 0)
    assert _hit_range([], []) == (0, 0)


def test_units_of_strength_0_roll_no_dice(run):
    log = """\
        initial:
          units: {Baltic Sea Zone: [{type: transport, owner: Germans, count: 1},
                                    {type: submarine, owner: Germans, count: 1}],
                  North Sea Zone: [{type: transport, owner: British, count: 1}]}
        events:
          - {type: step, round: 1, player: Germans, step: germanCombatMove}
          - {type: move, units: {transport: 1, submarine: 1}, route: [Baltic Sea Zone, North Sea Zone]}
          - {type: step, step: germanBattle}
          - type: battle
            territory: North Sea Zone
            attacker: Germans
            rounds:
              - rolls:
                  - {firing: Germans, units: [{type: submarine, owner: Germans, count: 1},
                                              {type: transport, owner: Germans, count: 1}], dice: [DICE], hits: 0}
    """
    assert run("classic", [SEQUENCE], log.replace("DICE", "5")) == []
    assert "2 dice" in run("classic", [SEQUENCE], log.replace("DICE", "5, 6"))[0].message


NAVAL = {"id": "combat-sequence", "damaged_first": ["battleship"],
         "steps": [{"side": "attacker", "units": ["battleship"]}, {"side": "defender", "units": ["battleship"]}]}
TWO_BATTLES = """\
    initial:
      units: {{North Sea Zone: [{{type: battleship, owner: British, count: 2}}],
              Baltic Sea Zone: [{{type: battleship, owner: Germans, count: 1}}]}}
    events:
      - {{type: step, round: 1, player: Germans, step: germanCombatMove}}
      - {{type: move, units: {{battleship: 1}}, route: [Baltic Sea Zone, North Sea Zone]}}
      - {{type: step, step: germanBattle}}
      - type: battle
        territory: North Sea Zone
        attacker: Germans
        rounds:
          - rolls:
              - {{firing: British, units: [{{type: battleship, owner: British, count: 1}}], dice: [3], hits: 1,
                 damaged: [{{type: battleship, owner: Germans, count: 1}}]}}
      - {{type: step, round: 2, player: Germans, step: germanBattle}}
      - type: battle
        territory: North Sea Zone
        attacker: Germans
        rounds:
          - rolls:
{german_fire}
              - {{firing: British, units: [{{type: battleship, owner: British, count: 1}}], dice: [2], hits: 1,
                 casualties: [{{type: battleship, owner: Germans, count: 1}}]}}
"""
DAMAGED_FIRES = ("              - {firing: Germans, units: [{type: battleship, owner: Germans, count: 1}], dice: [6], "
                 "hits: 0}")


def test_damage_carries_into_the_next_battle(run):
    # the battleship damaged in round 1 is sunk by the one hit of round 2 (no port repairs it)
    never = {**NAVAL, "repair": "never"}
    assert run("classic", [never], TWO_BATTLES.format(german_fire="")) == []
    # ... and may not fire in round 2
    found = run("classic", [never], TWO_BATTLES.format(german_fire=DAMAGED_FIRES))
    assert where(found) == [("combat-sequence", 2, "Germans", "germanBattle", 16)]
    assert found[0].message == "1 battleship of Germans fire in combat round 1 in North Sea Zone; only 0 may"


def test_damage_is_repaired_at_the_end_of_the_owners_turn(run):
    # TripleA's usual rule: repaired when the German turn ends, so round 2's single hit cannot sink it
    found = run("classic", [NAVAL], TWO_BATTLES.format(german_fire=DAMAGED_FIRES))
    assert [b.message for b in found] == ["1 battleship sunk in combat round 1 in North Sea Zone by one hit; "
                                          "a first hit only damages it"]
    # in port (North Sea Zone borders German West Europe) but it came in that turn: not surely repaired, so
    # neither its firing nor its sinking is blamed
    in_port = {**NAVAL, "repair": "in_port"}
    assert run("classic", [in_port], TWO_BATTLES.format(german_fire=DAMAGED_FIRES)) == []
