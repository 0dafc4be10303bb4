"""DiBerardino line 25: captured factories are never used by the conqueror, but a factory a player builds is its own.

"Captured factories may never be used by the conquering power" and "The number of resources tracing to a
particular factory is also the limit on the number of new units that may be placed at that factory": the spec's
resource-tracing house rule, run on the compiled game, lets the Germans place a new factory (it is placed at
no factory) in a territory they conquered and use it from their next turn, and still refuses the Caucasus
factory the Russians had.
"""

from __future__ import annotations

from pathlib import Path

from specs_helpers import cached_spec, compiled

from compiler.engine.check import check_events
from compiler.engine.log import apply_initial, load_log
from compiler.engine.world import build_world


def broken(tmp_path: Path, log: str) -> list[str]:
    """The resource-tracing messages for the game log `log` on the compiled DiBerardino game."""
    spec = cached_spec("diberardino_classic")
    rules = [r.model_dump(exclude_none=True) for r in spec.house_rules if r.id == "resource-tracing"]
    assert rules, "the spec configures resource-tracing"
    world = build_world(compiled("diberardino_classic").model)
    assert world.initial is not None
    path = tmp_path / "log.yaml"
    path.write_text(log, encoding="utf-8")
    events = load_log(path)
    found = check_events(world, rules, apply_initial(world.initial, events.initial), events.events, str(path))
    return [p.message for p in found if p.code == "resource-tracing"]


def built_in_karelia(infantry: int) -> str:
    """Karelia (no factory) is German; the Germans build a factory there, then place infantry at it."""
    return (
        "initial: {owners: {Karelia S.S.R.: Germans}, units: {Karelia S.S.R.: []}}\n"
        "events:\n"
        "  - {type: step, round: 1, player: Germans, step: germanPlace}\n"
        "  - {type: place, territory: Karelia S.S.R., units: {factory: 1}}\n"
        "  - {type: step, round: 2, player: Germans, step: germanPlace}\n"
        f"  - {{type: place, territory: Karelia S.S.R., units: {{infantry: {infantry}}}}}\n"
    )


def test_a_factory_built_in_a_conquered_territory_is_usable(tmp_path: Path) -> None:
    # 12 German resources trace to Karelia (Ukraine halved): Germany, West, East, South Europe, Ukraine
    assert broken(tmp_path, built_in_karelia(12)) == []


def test_a_built_factory_still_places_no_more_than_what_traces(tmp_path: Path) -> None:
    found = broken(tmp_path, built_in_karelia(13))
    assert found == ["13 units placed at the factory in Karelia S.S.R.; only 12 resource(s) trace to it"]


def test_a_captured_factory_stays_unusable(tmp_path: Path) -> None:
    log = (
        "initial: {owners: {Caucasus: Germans}, units: {Caucasus: [{type: factory, owner: Germans, count: 1}]}}\n"
        "events:\n"
        "  - {type: step, round: 1, player: Germans, step: germanPlace}\n"
        "  - {type: place, territory: Caucasus, units: {infantry: 1}}\n"
    )
    assert broken(tmp_path, log) == ["Germans places units in Caucasus, which has no usable factory"]
