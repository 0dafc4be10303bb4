"""Every rule of the built-in leagues against real TripleA saves: one that breaks it, one that keeps it.

The AI never bids nor edits, so tests/oracle/kitjava/league/LeagueSaves.java, compiled against the current
release's oracle kit, plays those parts through TripleA's own delegates (the bid's purchase and placement, the
edit delegate) before TripleA's Easy AI plays round 1 on, and writes TripleA's own saves: four saves, one JVM.
The Easy AI (WeakAi) plays the round, not the Hard AI: a Revised round costs the Hard AI ~150 s of CPU, the
Easy AI ~1 s (what is judged, the options and the bid, comes before it). Then `check-save --league` judges them.

Exceptions, as TripleA plays: its BidPlaceDelegate refuses a bid in an enemy territory, in a sea zone with enemy
units and in one without a unit of the bidder, so a save breaks own_territories or ships_where_ships only where
an edit first put a unit of the bidder (TripleA then allows the bid); and the stock World War II v3 1941 has no
"Chinese bid" option (TripleA never asks the Chinese for a bid), so the v3 saves play a copy of it with that
option added, as a tournament would.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.league import built_in_names, load_league

HARNESS = Path(__file__).resolve().parents[1] / "oracle" / "kitjava" / "league" / "LeagueSaves.java"
SEED = 3
# ai-game.sh's --seed flags (the JDK's generators seeded, identity hash codes repeatable): the saves repeat
# byte for byte; C1 alone (TieredStopAtLevel=1) costs less CPU for so short a run
JAVA_FLAGS = ("-Xmx2g", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens",
              "java.base/java.util=ALL-UNNAMED", "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
              "-XX:ActiveProcessorCount=1", "-XX:+UseSerialGC", "-XX:-UseDynamicNumberOfCompilerThreads",
              "-XX:+UnlockExperimentalVMOptions", "-XX:hashCode=3", "-XX:SoftRefLRUPolicyMSPerMB=100000000",
              "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn")
REVISED = "ww2v2.xml"
V3 = "WW2v3-1941.xml"
CHINESE_BID = ('    <property name="Chinese bid" value="0" editable="true">\n      <number min="0" max="1000"/>\n'
               '    </property>\n')

# LeagueSaves scripts (its javadoc says how they read); "!" marks an action TripleA must refuse
SCRIPTS: dict[str, tuple[str, str]] = {
    "revised_keep": (REVISED, """\
        option Low Luck=true
        option Low Luck for AntiAircraft=true
        option Tech Development=false
        option Projection of Power=true
        option Russians bid=25
        # edits (not bids): Persia becomes Russian, a Russian destroyer where Russia had no ship, one
        # Russian infantry fewer in Caucasus (a bid infantry comes in its place)
        russianBid: edit on
        russianBid: owner Persia|Russians
        russianBid: add 3 Sea Zone|Russians|destroyer 1
        russianBid: remove Caucasus|Russians|infantry 1
        russianBid: edit off
        russianBid: buy infantry 3 submarine 2
        russianBidPlace: place Karelia S.S.R.|infantry 1
        russianBidPlace: place Caucasus|infantry 1
        russianBidPlace: place Persia|infantry 1
        russianBidPlace: place 4 Sea Zone|submarine 1
        russianBidPlace: place 3 Sea Zone|submarine 1
        """),
    "revised_break": (REVISED, """\
        option Low Luck=false
        option Low Luck for AntiAircraft=false
        option Tech Development=true
        option Projection of Power=false
        option Russians bid=23
        # edits: a Russian infantry in British Persia, one on the British transport in 2 Sea Zone
        russianBid: edit on
        russianBid: add Persia|Russians|infantry 1
        russianBid: add 2 Sea Zone|Russians|infantry 1
        russianBid: edit off
        russianBid: buy infantry 5 submarine 1
        russianBidPlace: place Germany|infantry 1 !
        russianBidPlace: place 5 Sea Zone|submarine 1 !
        russianBidPlace: place 3 Sea Zone|submarine 1 !
        russianBidPlace: place Karelia S.S.R.|infantry 2
        russianBidPlace: place Persia|infantry 1
        russianBidPlace: place 2 Sea Zone|submarine 1
        russianBidPlace: place Caucasus|infantry 1
        russianBidPlace: place Archangel|infantry 1
        """),
    "v3_keep": (V3, """\
        option Tech Development=false
        option Kamikaze Airplanes=false
        option Russians bid=7
        option Chinese bid=3
        russianBid: buy infantry 1 artillery 1
        russianBidPlace: place Russia|infantry 1 artillery 1
        chineseBid: buy infantry 1
        chineseBidPlace: place Yunnan|infantry 1
        """),
    "v3_break": (V3, """\
        option Tech Development=true
        option Kamikaze Airplanes=true
        option Germans bid=3
        option Americans bid=12
        option Chinese bid=4
        germanBid: buy infantry 1
        germanBidPlace: place Germany|infantry 1
        chineseBid: buy artillery 1
        chineseBidPlace: place Hupeh|artillery 1
        americanBid: buy bomber 1
        americanBidPlace: place Eastern United States|bomber 1
        """),
}
KEEPS = {"revised-championship": "revised_keep", "v3-1941-tournament": "v3_keep"}


@dataclass(frozen=True)
class Broken:
    """A rule's part (an option, a bid-placement parameter) a save breaks: where check-save must say so."""

    league: str
    rule: str
    part: str
    save: str
    round: int
    player: str | None
    step: str
    words: str


BROKEN = [
    *(Broken("revised-championship", "game-options", option, "revised_break", 1, None, "gameInitDelegate", words)
      for option, words in (("Low Luck", "Low Luck off, required on"),
                            ("Low Luck for AntiAircraft", "Low Luck for AntiAircraft off, required on"),
                            ("Tech Development", "Tech Development on, required off"),
                            ("Projection of Power", "Projection of Power off, required on"))),
    Broken("revised-championship", "bid-placement", "per_territory", "revised_break", 1, "Russians",
           "russianBidPlace", "Russians has placed 2 bid units in Karelia S.S.R.; at most 1 per territory"),
    Broken("revised-championship", "bid-placement", "own_territories", "revised_break", 1, "Russians",
           "russianBidPlace", "Russians places bid units (1 infantry) in Persia, held by British; a bid goes into "
           "the bidder's own territories"),
    Broken("revised-championship", "bid-placement", "ships_where_ships", "revised_break", 1, "Russians",
           "russianBidPlace", "Russians places bid ships (1 submarine) in 2 Sea Zone, where it has no ship"),
    *(Broken("v3-1941-tournament", "game-options", option, "v3_break", 1, None, "gameInitDelegate", words)
      for option, words in (("Tech Development", "Tech Development on, required off"),
                            ("Kamikaze Airplanes", "Kamikaze Airplanes on, required off"))),
    *(Broken("v3-1941-tournament", "bid-placement", "bidders", "v3_break", 1, "Germans", step, words)
      for step, words in (("germanBid", "Germans buys a bid (1 infantry); only Allies may bid"),
                          ("germanBidPlace", "Germans places a bid (1 infantry); only Allies may bid"))),
    *(Broken("v3-1941-tournament", "bid-placement", "banned", "v3_break", 1, "Americans", step,
             "Americans's bid holds 1 bomber; no bid may hold bomber") for step in ("americanBid", "americanBidPlace")),
    *(Broken("v3-1941-tournament", "bid-placement", "only", "v3_break", 1, "Chinese", step,
             "Chinese's bid holds 1 artillery; Chinese may bid only infantry") for step in ("chineseBid",
                                                                                            "chineseBidPlace")),
]


@dataclass(frozen=True)
class Built:
    """The saves LeagueSaves wrote, by script name, and what it printed of each action."""

    saves: dict[str, Path]
    actions: list[list[str]]


def _v3_with_chinese_bid(corpus: Path, folder: Path) -> Path:
    """World War II v3 1941 with a "Chinese bid" option beside the other powers' (the stock game has none)."""
    text = (corpus / V3).read_text(encoding="utf-8")
    anchor = '    <property name="Americans bid"'
    assert text.count(anchor) == 1 and 'name="Chinese bid"' not in text
    xml = folder / V3
    xml.write_text(text.replace(anchor, CHINESE_BID + anchor), encoding="utf-8")
    return xml


@pytest.fixture(scope="module")
def built(current_triplea: Any, shared: Path, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The four saves, written by one JVM (~10 s of CPU; javac ~5 s more the first time)."""
    folder = tmp_path_factory.mktemp("league-saves")
    corpus = shared / "reference" / "corpus"
    games = {REVISED: corpus / REVISED, V3: _v3_with_chinese_bid(corpus, folder)}
    scripts, saves = [], {}
    for name, (game, body) in SCRIPTS.items():
        saves[name] = folder / f"{name}.tsvg"
        script = folder / f"{name}.txt"
        script.write_text(f"game {games[game]}\nout {saves[name]}\nai weak\n"
                          + "\n".join(line.strip() for line in body.splitlines()) + "\n", encoding="utf-8")
        scripts.append(str(script))
    classes = current_triplea.compiled([HARNESS], "LeagueSaves", "leaguesaves")
    done = subprocess.run(["java", *JAVA_FLAGS, "-cp", f"{classes}:{current_triplea.class_path()}", "LeagueSaves",
                           "--seed", str(SEED), *scripts], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"LeagueSaves exit {done.returncode}:\n{done.stdout}\n{done.stderr[-3000:]}"
    return Built(saves, [line.split("\t") for line in done.stdout.splitlines()])


@pytest.fixture(scope="module")
def reported(built: Built) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """check-save --league's problems, by league and save (each league judges every save of its game)."""
    found: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for league, keep in KEEPS.items():
        saves = [built.saves[keep], built.saves[keep.replace("_keep", "_break")]]
        done = CliRunner().invoke(main, ["check-save", *map(str, saves), "--league", league, "--format", "json"])
        assert done.exit_code in (0, 1), done.output
        problems = json.loads(done.stdout)["problems"]
        found[league] = {save.stem: [p for p in problems if Path(p["path"]).stem == save.stem] for save in saves}
    return found


def test_every_rule_of_the_built_in_leagues_has_a_save_that_breaks_it_and_one_that_keeps_it() -> None:
    for name in built_in_names():
        assert name in KEEPS, f"{name}: no save keeps it"
        for entry in load_league(name).rules:
            rule = dict(entry.data)
            parts = rule["options"] if rule["id"] == "game-options" else [k for k in rule if k != "id"]
            for part in parts:
                assert any((b.league, b.rule, b.part) == (name, rule["id"], part) for b in BROKEN), \
                    f"{name}: no save breaks {rule['id']} {part}"


@pytest.mark.parametrize("broken", BROKEN, ids=lambda b: f"{b.league}-{b.rule}-{b.part}-{b.step}")
def test_a_save_that_breaks_a_rule_is_reported_when_and_by_whom(
        reported: dict[str, dict[str, list[dict[str, Any]]]], broken: Broken) -> None:
    problems = reported[broken.league][broken.save]
    where = {"round": broken.round, "player": broken.player, "step": broken.step}
    assert any(p["code"] == broken.rule and {k: p["when"][k] for k in where} == where and broken.words in p["message"]
               for p in problems), json.dumps(problems, indent=1)


@pytest.mark.parametrize("league", sorted(KEEPS))
def test_a_save_that_keeps_the_rules_is_not_reported_and_the_breaking_one_only_where_it_breaks(
        reported: dict[str, dict[str, list[dict[str, Any]]]], league: str) -> None:
    keep = KEEPS[league]
    assert reported[league][keep] == []
    broke = keep.replace("_keep", "_break")
    expected = {(b.rule, b.step) for b in BROKEN if b.league == league}
    assert {(p["code"], p["when"]["step"]) for p in reported[league][broke]} == expected


def test_triplea_itself_refuses_a_bid_in_enemy_land_among_enemy_ships_or_at_sea_without_own_units(
        built: Built) -> None:
    refused = {line[1]: line[2] for line in built.actions if line[0] == "REFUSED"}
    assert refused == {
        "russianBidPlace: place Germany|infantry 1 !": "You don't own Germany",
        "russianBidPlace: place 5 Sea Zone|submarine 1 !": "Can't place in sea zone containing enemy units",
        "russianBidPlace: place 3 Sea Zone|submarine 1 !":
            "Can't place in sea zone that does not contain a unit owned by you",
    }
    assert [line[1] for line in built.actions if line[0] == "SAVED"] == [str(p) for p in built.saves.values()]


def test_the_edits_are_in_the_saves_history_as_triplea_writes_them(built: Built) -> None:
    done = CliRunner().invoke(main, ["show-save", str(built.saves["revised_keep"]), "--history", "--round", "1"])
    history = done.stdout
    for text in ("Turning on Edit Mode", "EDIT: Changing ownership of Persia from British to Russians",
                 "EDIT: Adding units owned by Russians to 3 Sea Zone: 1 destroyer",
                 "EDIT: Removing units owned by Russians from Caucasus: 1 infantry", "EDIT: Turning off Edit Mode"):
        assert text in history


def test_show_save_reads_the_edits_of_a_real_save_as_structured_events(built: Built) -> None:
    done = CliRunner().invoke(main, ["show-save", str(built.saves["revised_keep"]), "--history", "--format", "json"])
    edits = json.loads(done.stdout)["edits"]
    seen = [(e["kind"], e["player"], e.get("territory"), e.get("old"), e.get("new"),
             sorted((u["type"], u["count"]) for u in e.get("units") or [])) for e in edits]
    assert seen[0][0] == "edit-mode-on" and seen[-1][0] == "edit-mode-off"
    assert ("change-owner", "Russians", "Persia", "British", "Russians", []) in seen
    assert any(k == "add-units" and t == "3 Sea Zone" and units == [("destroyer", 1)] for k, _, t, _, _, units in seen)
    assert any(k == "remove-units" and t == "Caucasus" and units == [("infantry", 1)] for k, _, t, _, _, units in seen)
    assert {e["round"] for e in edits} == {1}
