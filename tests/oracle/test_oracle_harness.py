"""The TripleA 1.9 oracle harness: the real engine parses, rejects and plays what we give it."""

from __future__ import annotations

import gzip
import importlib.util
import time
from pathlib import Path
from types import ModuleType

import pytest
from lxml import etree
from reference_data import corpus_files

CLASSIC = Path("reference/maps/world_war_ii_classic/map/games/classic.xml")

# What TripleA 1.9 says about the real game XMLs it rejects (file name -> part of its message).
EXPECTED_REJECTIONS = {
    "Age_of_Tribes_Cold_War.xml": "Setter: costResources",
    "Battle_For_Arda.xml": "Setter: whenHitPointsRepairedChangesInto",
    "Civil_War.xml": "Setter: costResources",
    "Domination_1914_No_Mans_Land.xml": "RelationshipTypeAttachment could not be instantiated",
    "Global_40_House_Rules.xml": "Setter: whenHitPointsRepairedChangesInto",
    "Invasion_USA.xml": "Could not find player. name:@AllPlayers@",
    "iron_war.xml": "No child called loader",
    "the_grand_war.xml": "Setter: fuelFlatCost",
    "aggression_1939.xml": "Error setting property:placement",
    "aggression_1941.xml": "Error setting property:placement",
    "Empire.xml": "Setter: costResources",
    "G40_Alt_Universe.xml": "Setter: isSuicideOnAttack",
    "G40_Alt_Universe_No_Escalation.xml": "Setter: isSuicideOnAttack",
}


def _load_oracle() -> ModuleType:
    path = Path(__file__).with_name("triplea19.py")
    spec = importlib.util.spec_from_file_location("triplea19", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # must work without a sys.modules entry
    return module


@pytest.fixture(scope="module")
def oracle(triplea_jar: Path) -> ModuleType:
    module = _load_oracle()
    assert module.available()
    module.build()
    return module


@pytest.fixture(scope="module")
def classic(shared: Path) -> Path:
    return shared / CLASSIC


def test_build_is_cached(oracle: ModuleType) -> None:
    first = oracle.build()
    assert (first / "ParseGames.class").is_file()
    assert oracle.build() == first


def test_classic_is_accepted(oracle: ModuleType, classic: Path) -> None:
    assert oracle.parse_files([classic]) == {str(classic): None}


def test_connection_to_missing_territory_is_rejected(oracle: ModuleType, classic: Path,
                                                     tmp_path: Path) -> None:
    tree = etree.parse(str(classic), etree.XMLParser(resolve_entities=False, no_network=True))
    connection = tree.find("map/connection")
    assert connection is not None
    broken = etree.SubElement(connection.getparent(), "connection", t1=connection.get("t1"), t2="Atlantis")
    connection.addnext(broken)
    copy = tmp_path / "classic_broken.xml"
    tree.write(str(copy), xml_declaration=True, encoding="UTF-8")
    error = oracle.parse_files([copy])[str(copy)]
    assert error is not None and "Atlantis" in error


def test_every_file_gets_its_own_verdict(oracle: ModuleType, classic: Path, tmp_path: Path) -> None:
    garbled = tmp_path / "garbled.xml"
    garbled.write_text("<game><info name='x' version='1'/>")
    missing = tmp_path / "missing.xml"
    verdicts = oracle.parse_files([garbled, classic, missing])
    assert list(verdicts) == [str(garbled), str(classic), str(missing)]
    assert verdicts[str(garbled)] and verdicts[str(missing)] and "NoSuchFile" in verdicts[str(missing)]
    assert verdicts[str(classic)] is None


def _unzipped(path: Path) -> bytes:
    data = path.read_bytes()
    assert data[:2] == b"\x1f\x8b", "a .tsvg is gzip"
    raw = gzip.decompress(data)
    assert raw[:2] == b"\xac\xed", "inside is a Java serialization stream"
    return raw


def test_ai_game_writes_a_real_save(oracle: ModuleType, classic: Path, tmp_path: Path) -> None:
    summary = oracle.play_ai_game_summary(classic, 1, tmp_path / "classic-r1.tsvg", timeout=120)
    out = summary["out"]
    assert out == tmp_path / "classic-r1.tsvg"
    raw = _unzipped(out)
    assert b"games.strategy.engine.data.GameData" in raw
    assert b"RoundHistorySerializer" in raw and b"ChangeSerializationWriter" in raw
    # Round 1 is complete and round 2 has begun when the harness saves.
    assert summary["history_rounds"] == 2 and summary["history_nodes"] > 50 and not summary["ended"]
    assert not list(tmp_path.glob("*.partial"))


def test_start_save_has_no_history(oracle: ModuleType, classic: Path, tmp_path: Path) -> None:
    out = oracle.save_start(classic, tmp_path / "classic-start.tsvg")
    raw = _unzipped(out)
    assert b"games.strategy.engine.data.GameData" in raw
    assert b"RoundHistorySerializer" not in raw


def test_play_watchdog_stops_a_long_game(oracle: ModuleType, classic: Path, tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(oracle.OracleError, match="timed out"):
        oracle.play_ai_game(classic, 50, tmp_path / "never.tsvg", timeout=1)
    assert time.monotonic() - started < 30
    assert not (tmp_path / "never.tsvg").exists()


def test_corpus_verdicts(oracle: ModuleType, shared: Path) -> None:
    files = corpus_files()
    assert len(files) > 50
    started = time.monotonic()
    outcomes = oracle.parse_report(files)
    seconds = time.monotonic() - started
    accepted = sum(outcome.ok for outcome in outcomes)
    print(f"\nTripleA 1.9 accepts {accepted} of {len(files)} corpus files; "
          f"one JVM parsed them all in {seconds:.1f} s "
          f"(engine time {sum(o.millis for o in outcomes) / 1000:.1f} s)")
    assert [o.path for o in outcomes] == [str(f) for f in files]
    rejected = {Path(o.path).name: o.error for o in outcomes if not o.ok}
    assert set(rejected) == set(EXPECTED_REJECTIONS), "the corpus or the harness changed"
    for name, fragment in EXPECTED_REJECTIONS.items():
        assert fragment in rejected[name], (name, rejected[name])
    invasion = next(o for o in outcomes if o.path.endswith("Invasion_USA.xml"))
    assert invasion.message == "Could not find player. name:@AllPlayers@"
    assert any("variableList" in line for line in invasion.log), "the DTD complaints are kept"
