"""Prove that compiler/checks/_tech_images.py's tech_image_names gives what the previous version gave.

    python bench/prove_tech_images.py OLD_TECH_IMAGES.py [--catalogue]

OLD_TECH_IMAGES.py is the previous module (`git show REV:compiler/checks/_tech_images.py > old.py`). Compares
both on every combination of the options image names depend on, for plain, aaGun, factory and `_hit` units, with
every advance set of 0-2 advances, all 8 image-changing ones, and those with 2 that change none; with
--catalogue, also missing-unit-image's findings with either, on every game of the public map catalogue.
"""

from __future__ import annotations

import importlib.util
import sys
from itertools import combinations, product
from pathlib import Path
from types import ModuleType

from compiler.checks import _tech_images as new

CATALOGUE = Path.home() / ".cache" / "triplea-catalogue" / "67bae777c5a9" / "maps"

FLAGS = ("isAA", "isRocket", "isAir", "isStrategicBomber", "isFirstStrike", "isSub", "canEvade", "canProduceUnits",
         "isFactory")


def catalogue(old: ModuleType) -> int:
    """Compare missing-unit-image's findings with the old and the new names on every catalogue game."""
    import compiler.checks.missing_unit_image as check
    from compiler.checks.context import CheckContext
    from compiler.mapfolder import discover
    from compiler.problems import InputError
    from compiler.xml.parse import parse_bytes

    games = findings = 0
    for repo in sorted(CATALOGUE.iterdir()):
        try:
            inputs = discover(repo)
        except InputError:
            continue
        for inp in inputs:
            try:
                result = parse_bytes(inp.read_bytes(), inp.path)
            except InputError:
                continue
            found = []
            for names in (old.tech_image_names, new.tech_image_names):
                check.tech_image_names = names
                ctx = CheckContext(result.model, engine="2.x", map_files=inp.map_files, root=result.root)
                found.append([(p.message, str(p.location)) for p in check.check(ctx)])
            if found[0] != found[1]:
                print(f"differs: {inp.path}")
                return 1
            games, findings = games + 1, findings + len(found[0])
    print(f"missing-unit-image identical on {games} catalogue games ({findings} findings)")
    return 0


def main(old_path: str, with_catalogue: bool) -> int:
    spec = importlib.util.spec_from_file_location("old_tech_images", old_path)
    assert spec is not None and spec.loader is not None
    old = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(old)
    if with_catalogue and catalogue(old):
        return 1
    advances = sorted(new.IMAGE_ADVANCES) + ["mechanizedInfantry", "paratroopers"]
    sets = [c for n in (0, 1, 2, 8, 10) for c in combinations(advances, n)
            if n < 8 or len(set(c) & new.IMAGE_ADVANCES) == 8]
    compared = 0
    for unit in ("fighter", "aaGun", "factory", "armour_hit"):
        for values in product(("true", ""), repeat=len(FLAGS)):
            for attack, defense in (("0", "0"), ("1", "0"), ("0", "2"), ("x", "")):
                options = {f: v for f, v in zip(FLAGS, values, strict=True) if v}
                options |= {"attack": attack, "defense": defense}
                for chosen in sets:
                    got, want = new.tech_image_names(unit, options, chosen), old.tech_image_names(unit, options,
                                                                                                   chosen)
                    if got != want:
                        print(f"differs: {unit} {options} {chosen}: {got} != {want}")
                        return 1
                    compared += 1
    print(f"identical on {compared} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], "--catalogue" in sys.argv[2:]))
