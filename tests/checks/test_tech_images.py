"""The unit images technologies give, named as TripleA 2.x's UnitImageFactory names them, and asked for of the
players who can come to have those technologies (missing-unit-image), on a real map of the catalogue."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.checks._tech_images import image_name, tech_image_names
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

FIGHTER = {"isAir": "true", "attack": "3", "defense": "4"}
BOMBER = {"isAir": "true", "isStrategicBomber": "true", "attack": "4", "defense": "1"}
SUB = {"isSub": "true", "isSea": "true", "attack": "2", "defense": "1"}
AA = {"isAA": "true", "isRocket": "true"}


@pytest.mark.parametrize(("unit", "options", "advances", "name"), [
    ("fighter", FIGHTER, {"longRangeAir", "jetPower"}, "fighter_lr_jp"),
    ("fighter", {**FIGHTER, "attack": "0", "defense": "0"}, {"jetPower"}, "fighter"),  # jets need a fighting unit
    ("bomber", BOMBER, {"jetPower", "heavyBomber", "longRangeAir"}, "bomber_lr_hb"),
    ("submarine", SUB, {"superSub"}, "submarine_ss"),
    ("aaGun", AA, {"rocket", "aARadar"}, "rockets_r"),  # the AA gun becomes 'rockets'
    ("flak", AA, {"rocket", "aARadar"}, "flak_rockets_r"),
    ("factory", {}, {"increasedFactoryProduction"}, "factory_it"),
    ("fighter_hit", FIGHTER, {"longRangeAir"}, "fighter_hit"),  # a name ending in _hit takes no suffix
])
def test_image_names_follow_triplea(unit: str, options: dict[str, str], advances: set[str], name: str) -> None:
    assert image_name(unit, options, frozenset(advances)) == name


def test_every_combination_of_the_advances_a_player_can_gain_is_asked_for() -> None:
    assert tech_image_names("fighter", FIGHTER, {"longRangeAir", "jetPower", "warBonds"}) == {
        "fighter_jp": ("jetPower",), "fighter_lr": ("longRangeAir",), "fighter_lr_jp": ("jetPower", "longRangeAir")}


def test_a_players_researchable_advance_asks_for_its_image(catalogue: Path, tmp_path: Path) -> None:
    folder = Path(shutil.copytree(catalogue / "wd_Libya", tmp_path / "wd_Libya"))

    def lr_findings() -> list[str]:
        return [p.message for p in validate_batch(collect((folder,), Flags()), "2.7").problems
                if p.code == "missing-unit-image" and "fighter_lr.png" in p.message]

    [found] = lr_findings()
    assert "'Rebels', who can come to have Long Range Aircraft" in found
    listing = folder / ".listing.tsv"
    listing.write_text(listing.read_text(encoding="utf-8") + "units/Rebels/fighter_lr.png\t100\n", encoding="utf-8")
    assert lr_findings() == []
