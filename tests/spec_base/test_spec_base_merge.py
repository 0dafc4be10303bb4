"""A variant's changes merged into its base (compiler/spec/base.py): mappings key by key, named items by
name, collections name by name, `remove:`, new entries after their anchor, and every change that names
what the base lacks reported at its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler.problems import Location, ProblemsFound
from compiler.spec import load_spec
from compiler.spec.base import Document, PlacedPositions, apply_base
from compiler.yamlread import read_yaml

BASE = """\
game: {name: Base}
units:
  infantry: {cost: 3, attack: 1, options: {transportCost: 2}}
  armour: {cost: 5}
territories:
  A: {owner: X, units: {infantry: 2, armour: 1}}
  B: {owner: Y}
  C: {}
connections:
  A: [B, C]
production:
  frontiers:
    main: [buyInfantry, buyArmour]
sequence:
  - {step: init, delegate: initDelegate}
  - turns: {players: {X: x}, phases: [Purchase, Move]}
  - {step: end, delegate: endRound}
attachments:
  - {name: techAttachment, attach_to: X, class: TechAttachment, options: {jetPower: false}}
  - {name: techAttachment, attach_to: Y, class: TechAttachment, options: {jetPower: false}}
"""


def merged(variant: str, base: str = BASE) -> tuple[Any, PlacedPositions]:
    base_data, base_positions = read_yaml(base, "base.yaml")
    data, positions = read_yaml(variant, "variant.yaml")
    return apply_base(Document(data, positions), "variant.yaml",
                      lambda value, where, path: Document(base_data, base_positions))


def errors(variant: str) -> list[str]:
    with pytest.raises(ProblemsFound) as found:
        merged(variant)
    return [f"{p.location.line}:{p.location.column} {p.message}" for p in found.value.problems]


def test_a_mapping_merges_key_by_key_and_a_value_replaces() -> None:
    data, _ = merged("base: b\nunits:\n  infantry: {cost: 2, options: {canBlitz: true}}\n  marine: {cost: 4}\n")
    assert data["units"] == {"infantry": {"cost": 2, "attack": 1, "options": {"transportCost": 2, "canBlitz": True}},
                             "armour": {"cost": 5}, "marine": {"cost": 4}}
    assert data["game"] == {"name": "Base"} and "base" not in data


def test_remove_deletes_keys_items_and_connections_either_way_round() -> None:
    data, _ = merged("base: b\nremove:\n  units: {infantry: [options]}\n  territories: {C: ~, A: {units: [armour]}}\n"
                     "  connections: [[C, A]]\n  attachments: [{attach_to: Y}]\n")
    assert data["units"]["infantry"] == {"cost": 3, "attack": 1}
    assert list(data["territories"]) == ["A", "B"] and data["territories"]["A"]["units"] == {"infantry": 2}
    assert data["connections"] == {"A": ["B"]}
    assert [a["attach_to"] for a in data["attachments"]] == ["X"]


def test_removed_then_written_again_replaces_the_whole_entry() -> None:
    data, _ = merged("base: b\nremove: {territories: {A: ~}}\nterritories:\n  A: {owner: Y}\n")
    assert data["territories"]["A"] == {"owner": "Y"}


def test_collections_add_names_and_other_lists_are_replaced() -> None:
    data, _ = merged("base: b\nconnections: {A: [D], B: [C]}\nproduction: {frontiers: {main: [buyMarine]}}\n"
                     "attachments:\n  - {name: techAttachment, attach_to: X, options: {jetPower: true}}\n"
                     "  - {name: other, attach_to: X, class: RulesAttachment}\n")
    assert data["connections"] == {"A": ["B", "C", "D"], "B": ["C"]}
    assert data["production"]["frontiers"]["main"] == ["buyInfantry", "buyArmour", "buyMarine"]
    first = data["attachments"][0]
    assert first["options"] == {"jetPower": True} and first["class"] == "TechAttachment"
    assert [a["name"] for a in data["attachments"]] == ["techAttachment", "other", "techAttachment"]  # after X's


def test_named_items_merge_by_name_and_new_ones_go_after_their_anchor() -> None:
    data, _ = merged("base: b\nsequence:\n  - {step: init}\n  - {step: bid, delegate: bid}\n"
                     "  - turns: {phases: [Purchase, Move], players: {Y: y}}\n  - {step: last, delegate: x}\n")
    assert [s.get("step", "turns") for s in data["sequence"]] == ["init", "bid", "turns", "last", "end"]
    assert data["sequence"][2]["turns"]["players"] == {"X": "x", "Y": "y"}
    data, _ = merged("base: b\nterritories:\n  A: {}\n  Z: {owner: X}\n")
    assert list(data["territories"]) == ["A", "Z", "B", "C"]


def test_what_the_base_lacks_is_an_error_at_its_line() -> None:
    assert errors("base: b\nremove:\n  units: [marine]\n  territories: {D: ~, A: {units: [fighter]}}\n"
                  "  connections: [[B, C]]\n") == [
        "3:11 remove: the base has no 'marine' in units",
        "4:17 remove: the base has no 'D' in territories",
        "4:35 remove: the base has no 'fighter' in territories.A.units",
        "5:17 remove: the base has no 'C' under connections.B",
    ]
    assert errors("base: b\nremove: {attachments: [techAttachment]}\n") == [
        "2:24 remove: 2 items of attachments match 'techAttachment': name one by more fields "
        "(`{name: ..., attach_to: ...}`)"]
    assert errors("base: b\nremove: [game, spec]\n")[0].startswith("2:16 remove: the base has no 'spec'")


def test_every_key_is_located_where_it_was_written() -> None:
    _, positions = merged("base: b\n\nterritories:\n  A: {owner: Y}\n")
    assert positions.nearest(("territories", "A", "owner")) == Location("variant.yaml", 4, 7)
    assert positions.nearest(("territories", "A", "units", "infantry")) == Location("base.yaml", 6, 25)
    assert positions.nearest(("territories", "B")) == Location("base.yaml", 7, 3)


def test_a_spec_base_loads_through_the_loader_and_its_problems_are_located(tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    base.write_text("game: {name: Base}\nplayers: {X: {}, Y: {}}\nterritories:\n  A: {owner: X}\n  B: {owner: Y}\n",
                    encoding="utf-8")
    middle = tmp_path / "sub" / "middle.yaml"
    middle.parent.mkdir()
    middle.write_text("base: ../base.yaml\nterritories:\n  C: {owner: Y}\n", encoding="utf-8")
    variant = tmp_path / "variant.yaml"
    variant.write_text("base: sub/middle.yaml\ngame: {name: Variant}\nterritories:\n  A: {ownr: Y}\n", encoding="utf-8")
    with pytest.raises(ProblemsFound) as found:
        load_spec(variant)
    assert [(p.location.path, p.location.line, p.message) for p in found.value.problems] == [
        (str(variant), 4, "unknown key 'ownr'")]
    variant.write_text("base: sub/middle.yaml\ngame: {name: Variant}\nterritories:\n  A: {owner: Y}\n",
                       encoding="utf-8")
    spec = load_spec(variant)
    assert spec.game.name == "Variant" and list(spec.territories) == ["A", "B", "C"]
    assert spec.territories["A"].owner == "Y"  # type: ignore[union-attr]
    assert spec.where("territories", "C").path == str(middle) and spec.where("territories", "B").path == str(base)


@pytest.mark.parametrize("base, message", [
    ("missing.yaml", "base: missing.yaml not found"),
    ("variant.yaml", "is its own base"),
    ("{map: x, gme: y}", "unknown key 'gme'"),
])
def test_a_base_that_cannot_be_read_is_located_at_base(tmp_path: Path, base: str, message: str) -> None:
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"game: {{name: V}}\nbase: {base}\n", encoding="utf-8")
    with pytest.raises(ProblemsFound) as found:
        load_spec(variant)
    problem = found.value.problems[0]
    assert (problem.code, problem.location.line, problem.location.column) == ("spec-base", 2, 7)
    assert message in problem.message


def test_remove_without_a_base_is_an_error(tmp_path: Path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text("game: {name: V}\nplayers: {X: {}}\nterritories: {A: {}}\nremove: {units: [x]}\n", encoding="utf-8")
    with pytest.raises(ProblemsFound) as found:
        load_spec(spec)
    assert [(p.code, p.location.line) for p in found.value.problems] == [("spec-base", 4)]
