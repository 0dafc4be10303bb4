"""The importer says real maps with the language's constructs, not as raw attachments."""

from __future__ import annotations

from pathlib import Path

from compiler.lift import import_text
from compiler.spec import load_spec_text
from compiler.spec.models import Spec, TurnsEntry
from compiler.xml.parse import parse_file

MAPS = "reference/maps"


def _spec(shared: Path, rel: str) -> tuple[str, Spec]:
    text = import_text(parse_file(shared / MAPS / rel).model)
    return text, load_spec_text(text, "imported.yaml")


def test_classic_uses_the_constructs(shared: Path) -> None:
    text, spec = _spec(shared, "world_war_ii_classic/map/games/classic.xml")
    infantry = spec.units["infantry"]
    assert infantry is not None
    assert (infantry.cost, infantry.movement, infantry.attack, infantry.defense) == (3, 1, 1, 2)
    east_us = spec.territories["East US"]
    assert east_us is not None
    assert (east_us.production, east_us.owner, east_us.capital) == (12, "Americans", "Americans")
    assert east_us.units["infantry"] == 2
    assert spec.territories["Baltic Sea Zone"].units == {"Germans": {"submarine": 1, "transport": 1}}  # type: ignore[union-attr]
    assert set(spec.canals) == {"Suez Canal", "Panama Canal"}
    assert "# canal: 2 canalAttachments" in text
    assert spec.canals["Suez Canal"].land == ["Anglo Sudan Egypt", "Syria Jordan"]
    assert not spec.delegates  # all standard, declared by lowering
    turns = [e.turns for e in spec.sequence if isinstance(e, TurnsEntry)]
    assert any(t.phases[:3] == ["Tech", "TechActivation", "Purchase"] and t.players["Germans"] == "german"
               for t in turns)
    assert not any(a.java_class.endswith("UnitAttachment") or a.name == "territoryAttachment" for a in spec.attachments)
    assert spec.game.map_name is None or isinstance(spec.game.map_name, str)


def test_g40_objectives_relationships_and_frontiers(shared: Path) -> None:
    text, spec = _spec(shared, "g40_alt_universe/map/games/G40_Alt_Universe.xml")
    assert spec.objectives and all(o.value for o in spec.objectives)
    assert spec.relationships is not None and spec.relationships.between
    assert isinstance(spec.relationship_types, dict)
    # players without a playerProduction say so explicitly
    neutral = spec.players["Pro_Axis"]
    assert neutral is not None and neutral.frontier == ""


def test_connections_are_listed_once(shared: Path) -> None:
    _, spec = _spec(shared, "world_war_ii_classic/map/games/classic.xml")
    pairs = [frozenset((a, b)) for a, others in spec.connections.items() for b in others]
    assert len(pairs) == len(set(pairs))
    xml = parse_file(shared / MAPS / "world_war_ii_classic/map/games/classic.xml").model
    assert set(pairs) == {frozenset((c.t1, c.t2)) for c in xml.connections}


def test_aggression_victory_conditions_are_lifted(shared: Path) -> None:
    _, spec = _spec(shared, "aggression_1939/map/games/aggression_1939.xml")
    axis = next(v for v in spec.victory if v.name == "UnconditionalAxisVictory")
    assert axis.winners == ["Germany", "Japan", "Italy"] and axis.game_property == "Unconditional Surrender"
    assert not any(a.name.endswith("UnconditionalAxisVictory") for a in spec.attachments)
