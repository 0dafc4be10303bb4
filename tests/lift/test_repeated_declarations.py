"""import keeps what a game declares more than once, and what it declares empty, as the author wrote it.

TripleA reads each declaration in turn: a relationship or a player's frontier given twice is set twice (the
last one stands), a unit type declared twice is declared twice, an empty <playerTech> is read and adds no
category. The spec says each of these, so compiling an imported game gives back the same declarations.
Each game here is Two Fronts (output/two_fronts.xml) with one such construct written in.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from compiler.commands.import_cmd import import_command
from compiler.diff import diff_models
from compiler.lift import import_text
from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.spec import load_spec_text
from compiler.spec.models import Spec
from compiler.xml.parse import ParseResult, parse_bytes
from compiler.xml.render import render_game

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "output" / "two_fronts.xml").read_text(encoding="utf-8")
WAR = '<relationship type="War" player1="Westerners" player2="Easterners" roundValue="0"/>'
ALLIED = WAR.replace('"War"', '"Allied"')
FRONTIER = '<playerProduction player="Westerners" frontier="production"/>'
PRODUCTION_END = "  </production>"
INFANTRY = '<unit name="infantry"/>'
DESTROYER = '<unitPlacement unitType="destroyer" territory="East Sea" quantity="1" owner="Easterners"/>'


def game(*edits: tuple[str, str]) -> str:
    """Two Fronts with each (old, new) edit made (each old text must be there once)."""
    text = BASE
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def with_technology(body: str) -> str:
    """Two Fronts with a <technology> section holding `body`."""
    return game((PRODUCTION_END, f"{PRODUCTION_END}\n  <technology>{body}</technology>"))


def round_trip(xml: str) -> tuple[Spec, GameModel, ParseResult]:
    """The imported spec, the game read back from its compiled XML, and the original game as read; asserts
    that no difference and no new reading problem came in on the way."""
    original = parse_bytes(xml.encode("utf-8"), "game.xml")
    spec = load_spec_text(import_text(original.model), "game.yaml")
    lowered, problems = lower_spec(spec)
    assert not [p for p in problems if p.is_error]
    rendered = parse_bytes(render_game(lowered).encode("utf-8"), "game.compiled.xml")
    differences = diff_models(original.model, rendered.model)
    assert not differences, [d.as_dict() for d in differences]
    assert {(p.code, p.message) for p in rendered.problems} <= {(p.code, p.message) for p in original.problems}
    return spec, rendered.model, original


def _relationships(model: GameModel) -> list[tuple[str, str, str]]:
    return [(r.player1, r.player2, r.type) for r in model.relationships]


def test_a_relationship_declared_twice_is_listed_twice() -> None:
    spec, model, _ = round_trip(game((WAR, WAR + WAR)))
    assert spec.relationships is not None
    assert [(p.players, p.type) for p in spec.relationships.pairs] == [(["Westerners", "Easterners"], "War")] * 2
    assert _relationships(model) == [("Westerners", "Easterners", "War")] * 2


def test_a_relationship_set_twice_keeps_its_order() -> None:
    """Allied, then War: TripleA ends with War, and so does the compiled game."""
    _, model, _ = round_trip(game((WAR, ALLIED + WAR)))
    assert _relationships(model) == [("Westerners", "Easterners", "Allied"), ("Westerners", "Easterners", "War")]


def test_a_relationship_given_once_still_uses_the_default() -> None:
    spec, _, _ = round_trip(BASE)
    assert spec.relationships is not None
    assert spec.relationships.between == "War" and not spec.relationships.pairs


def test_a_player_frontier_declared_twice_is_a_list() -> None:
    spec, model, _ = round_trip(game((FRONTIER, FRONTIER + FRONTIER)))
    westerners = spec.players["Westerners"]
    assert westerners is not None and westerners.frontier == ["production", "production"]
    assert [(p.player, p.frontier) for p in model.player_production] == [
        ("Westerners", "production"), ("Westerners", "production"), ("Easterners", "production")]


def test_a_player_repair_frontier_declared_twice_is_a_list() -> None:
    repair = ('  <repairRule name="repairFactory"><cost resource="PUs" quantity="1"/>'
              '<result resourceOrUnit="factory" quantity="1"/></repairRule>\n'
              '  <repairFrontier name="repair"><repairRules name="repairFactory"/></repairFrontier>\n')
    declared = '<playerRepair player="Easterners" frontier="repair"/>'
    spec, model, _ = round_trip(game((FRONTIER, repair + FRONTIER), (PRODUCTION_END, declared * 2 + PRODUCTION_END)))
    easterners = spec.players["Easterners"]
    assert easterners is not None and easterners.repair_frontier == ["repair", "repair"]
    assert [(p.player, p.frontier) for p in model.player_repair] == [("Easterners", "repair")] * 2


def test_an_empty_player_tech_is_an_empty_mapping() -> None:
    spec, model, _ = round_trip(with_technology('<playerTech player="Easterners"/>'))
    easterners, westerners = spec.players["Easterners"], spec.players["Westerners"]
    assert easterners is not None and easterners.tech == {}
    assert westerners is None or westerners.tech is None
    assert [(t.player, t.categories) for t in model.player_techs] == [("Easterners", [])]


def test_several_player_techs_of_a_player_are_a_list() -> None:
    body = ('<playerTech player="Westerners"><category name="Air"><tech name="jetPower"/></category></playerTech>'
            '<playerTech player="Westerners"/>')
    spec, model, _ = round_trip(with_technology(body))
    westerners = spec.players["Westerners"]
    assert westerners is not None and westerners.tech == [{"Air": ["jetPower"]}, {}]
    assert [len(t.categories) for t in model.player_techs] == [1, 0]


def test_a_unit_declared_twice_says_so() -> None:
    spec, model, _ = round_trip(game((INFANTRY, INFANTRY + INFANTRY)))
    infantry = spec.units["infantry"]
    assert infantry is not None and infantry.declared == 2
    assert model.unit_types.count("infantry") == 2


def test_a_placement_without_quantity_compiles_without_one() -> None:
    """The reader takes a missing quantity as ""; the compiled XML leaves it out again rather than writing
    quantity="", which the reader refuses as not a number."""
    spec, model, original = round_trip(game((DESTROYER, DESTROYER.replace(' quantity="1"', ""))))
    assert [(p.unit, p.quantity) for p in spec.placements] == [("destroyer", "")]
    assert not [p for p in original.problems if p.is_error]


def test_import_exits_0_on_a_game_with_warnings_only(tmp_path: Path) -> None:
    """A warning (here the reader's, an element TripleA ignores) is printed; only errors make import exit 1."""
    path = tmp_path / "warned.xml"
    path.write_text(game(("  <unitList>", "  <unknownSection/>\n  <unitList>")), encoding="utf-8")
    result = CliRunner().invoke(import_command, [str(path), "-o", str(tmp_path / "warned.yaml")])
    assert result.exit_code == 0, result.output
    assert "warning" in result.output and "unknown-element" in result.output
