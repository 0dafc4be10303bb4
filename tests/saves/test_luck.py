"""show-save --luck: battle hits against the hits expected, from what TripleA's dice needed (real saves)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main
from compiler.engine.events import Battle, Roll
from compiler.saves import read_save
from compiler.saves.luck import Luck, luck_report


def test_the_targets_of_a_revised_attack_are_its_units_attack_values(shared: Path) -> None:
    """Russia attacks West Russia with 6 infantry (one supported by the artillery), 1 artillery, 1 fighter and 3
    armour: Revised's attack values 1 (2 supported), 2, 3, 3."""
    save = read_save(shared / "reference" / "saves" / "revised_during_land_to_land_combat.tsvg")
    [battle] = [e for e in save.events if isinstance(e, Battle)]
    [roll] = [r for rnd in battle.rounds for r in rnd.rolls]
    assert sorted(roll.targets) == [1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3]
    report = luck_report(list(save.events), save.dice_sides)
    russians = report.players["Russians"]
    assert (russians.dice, russians.hits, russians.expected) == (11, 1, 21 / 6)


def test_low_luck_sure_hits_are_expected_as_scored() -> None:
    luck = Luck()
    luck.add(Roll(firing="Germans", dice=[3], targets=[2], hits=4), 6)  # 4 sure hits: the die missed at 2
    assert (luck.dice, luck.hits, luck.expected) == (1, 4, 4 + 2 / 6)


def test_show_save_reports_luck_in_text_and_json(shared: Path) -> None:
    save = shared / "reference" / "saves" / "revised_during_land_to_land_combat.tsvg"
    text = CliRunner().invoke(main, ["show-save", str(save), "--luck"])
    assert text.exit_code == 0
    assert "  Russians: 11 dice, 1 hits, 3.5 expected, -2.5 (-1.7 sd)\n" in text.output
    data = json.loads(CliRunner().invoke(main, ["show-save", str(save), "--luck", "--format", "json"]).output)
    assert data["luck"]["players"]["Russians"] == {"dice": 11, "hits": 1, "expected": 3.5, "luck": -2.5,
                                                   "deviations": -1.71}
    assert data["luck"]["battles"][0]["territory"] == "West Russia" and data["luck"]["sides"] == 6
