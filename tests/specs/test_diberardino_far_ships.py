"""DiBerardino line 52: a battleship or carrier with no friendly land within 2 spaces heads for the nearest.

"If a ship cannot reach a base in 2 spaces, it must move to the nearest friendly land space": the spec's
ship-return-base house rule, run on the compiled game, lets such a ship move straight for its nearest base
and flags any other move (and a ship near a base must still reach one within 2 spaces).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from specs_helpers import cached_spec, compiled

from compiler.engine.check import check_events
from compiler.engine.log import apply_initial, load_log
from compiler.engine.world import build_world

FAR = "East Pacific Sea Zone"   # the nearest Japanese base is 3 spaces away (Solomon Islands is British)


def broken(tmp_path: Path, owner: str, start: str, route: list[str]) -> list[str]:
    """The ship-return-base messages for one battleship of `owner` at `start` making the move `route`."""
    spec = cached_spec("diberardino_classic")
    rules = [r.model_dump(exclude_none=True) for r in spec.house_rules if r.id == "ship-return-base"]
    assert rules, "the spec configures ship-return-base"
    world = build_world(compiled("diberardino_classic").model)
    assert world.initial is not None
    step = {"Japanese": "japaneseNonCombatMove", "British": "britishNonCombatMove"}[owner]
    path = tmp_path / "log.yaml"
    path.write_text(
        f"initial: {{units: {{{start}: [{{type: battleship, owner: {owner}, count: 1}}]}}}}\n"
        "events:\n"
        f"  - {{type: step, round: 1, player: {owner}, step: {step}}}\n"
        f"  - {{type: move, units: {{battleship: 1}}, route: [{', '.join(route)}]}}\n",
        encoding="utf-8")
    log = load_log(path)
    found = check_events(world, rules, apply_initial(world.initial, log.initial), log.events, str(path))
    return [p.message for p in found if p.code == "ship-return-base"]


def test_far_ship_heading_for_the_nearest_base_keeps(tmp_path: Path) -> None:
    assert broken(tmp_path, "Japanese", FAR, [FAR, "New Zealand Sea Zone", "Solomon Islands Sea Zone"]) == []


@pytest.mark.parametrize("route", [
    [FAR, "Peru Sea Zone", "South Argentina Sea Zone"],   # away from every base
    [FAR, "Peru Sea Zone"],                               # no nearer
    [FAR, "New Zealand Sea Zone", "Peru Sea Zone"],      # nearer, then back out
])
def test_far_ship_not_heading_for_a_base_breaks(tmp_path: Path, route: list[str]) -> None:
    found = broken(tmp_path, "Japanese", FAR, route)
    assert len(found) == 1 and "without reaching a base within 2 spaces" in found[0]


def test_ship_near_a_base_must_still_reach_one(tmp_path: Path) -> None:
    """The South Atlantic has British land within 2 spaces: sailing 2 spaces further out stays broken."""
    route = ["South Atlantic Sea Zone", "South Argentina Sea Zone", "Antartic Sea Zone"]
    assert len(broken(tmp_path, "British", route[0], route)) == 1
