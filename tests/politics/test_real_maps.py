"""Real maps' political actions become `politics.actions`; the game lowered back is the same, and the
real TripleA 1.9 parser loads it with the actions moved behind every other attachment."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from lxml import etree
from reference_data import REFERENCE, corpus_files

from compiler.compile import compile_spec
from compiler.diff.roundtrip import round_trip
from compiler.lift import import_text, lift_model
from compiler.xml.parse import parse_file

POLITICAL = "games.strategy.triplea.attachments.PoliticalActionAttachment"
MAPS = {  # reference map -> political actions in it, all said by the construct
    "g40_alt_universe/map/games/G40_Alt_Universe.xml": 35,
    "aggression_1939/map/games/aggression_1939.xml": 0,
    "empire/map/games/Empire.xml": 90,
}


def _actions(path: Path) -> tuple[int, list[dict]]:
    game = parse_file(path).model
    spec = lift_model(game)
    return sum(a.java_class == POLITICAL for a in game.attachments), list(spec.get("politics", {}).get("actions", []))


@pytest.mark.parametrize("rel", list(MAPS))
def test_reference_maps_actions_are_lifted(shared: Path, rel: str) -> None:
    total, actions = _actions(REFERENCE / "maps" / rel)
    assert total == len(actions) == MAPS[rel]


def test_every_corpus_action_is_lifted(shared: Path) -> None:
    counts = {p.name: _actions(p) for p in corpus_files() if b"PoliticalActionAttachment" in p.read_bytes()}
    assert len(counts) >= 5
    assert {name: total for name, (total, _) in counts.items()} == {name: len(a) for name, (_, a) in counts.items()}


def test_g40_lifted_actions_say_their_options(shared: Path) -> None:
    _, actions = _actions(REFERENCE / "maps/g40_alt_universe/map/games/G40_Alt_Universe.xml")
    german = [a for a in actions if a["name"] == "_Germans_To_War_With_Russians"]
    assert german and german[0]["player"] == "Germans"
    assert german[0]["changes"] == [{"players": ["Germans", "Russians"], "to": "War"}]
    assert german[0]["conditions"] == ["conditionAttachment_Germans_Not_At_War_With_Russians"]
    assert german[0]["text"] == "Germans_War_Russians"


@pytest.mark.parametrize("rel", ["g40_alt_universe/map/games/G40_Alt_Universe.xml", "empire/map/games/Empire.xml"])
def test_round_trip_is_unchanged(shared: Path, rel: str) -> None:
    text, lowered, differences = round_trip(parse_file(REFERENCE / "maps" / rel).model)
    assert "politics:\n  actions:" in text
    assert not differences, [d.as_dict() for d in differences[:5]]
    kinds = [a.java_class == POLITICAL for a in lowered.attachments]
    assert any(kinds) and kinds[kinds.index(True):] == [True] * (len(kinds) - kinds.index(True))  # actions last


def _oracle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("triplea19", Path(__file__).parents[1] / "oracle" / "triplea19.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _action_before_its_condition(xml: str) -> bytes:
    """The compiled game with its first political action moved in front of the condition it names."""
    root = etree.fromstring(xml.encode("utf-8"))
    attachments = root.find("attachmentList")
    assert attachments is not None
    action = next(a for a in attachments if a.get("javaClass") == POLITICAL
                  and any(o.get("name") == "conditions" for o in a))
    condition = next(o.get("value") for o in action if o.get("name") == "conditions").split(":")[0]
    target = next(a for a in attachments if a.get("name") == condition)
    target.addprevious(action)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def test_compiled_actions_load_in_triplea19(shared: Path, triplea_jar: Path, tmp_path: Path) -> None:
    oracle = _oracle()
    paths = []
    for name in ("Rise_of_the_Axis", "ww2pac40"):
        original = REFERENCE / "corpus" / f"{name}.xml"
        spec = tmp_path / f"{name}.yaml"
        spec.write_text(import_text(parse_file(original).model), encoding="utf-8")
        assert "politics:\n  actions:" in spec.read_text(encoding="utf-8")
        compiled = compile_spec(spec)
        assert compiled.ok
        paths.append(tmp_path / f"{name}.xml")
        paths[-1].write_text(compiled.xml, encoding="utf-8")
    moved = tmp_path / "moved.xml"
    moved.write_bytes(_action_before_its_condition(paths[0].read_text(encoding="utf-8")))
    verdicts = oracle.parse_files([str(p) for p in [*paths, moved]])
    assert verdicts[str(paths[0])] is None and verdicts[str(paths[1])] is None, verdicts
    assert verdicts[str(moved)] is not None  # the order matters: TripleA resolves conditions as it reads
