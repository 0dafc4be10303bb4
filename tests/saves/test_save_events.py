"""show-save's edit-mode use, technology and bids, read from real TripleA saves.

small_balanced_bids_2026-08.tsvg: TripleA 2026-08.16.15726's save of an all-AI game of the corpus game
Small_Balanced_2_Player_across.xml (bids of 130 and 135 PUs), made with the 2026-08 oracle kit's
`ai-game.sh Small_Balanced_2_Player_across.xml 3 OUT --seed 1`. revised_during_land_to_land_combat.tsvg (../shared):
a human's TripleA 2.0 game of World War II Revised whose Russians rolled for Long Range Aircraft.
No real save holds edits (the AI never edits): the edit reader is checked on real history entries with edit events
put among them, made of the texts of TripleA's EditDelegate and the save's own change objects.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree

from compiler.cli import main
from compiler.engine.events import Place, StepStart
from compiler.saves import SaveGame, read_save
from compiler.saves.container import MAX_INFLATED, inflate, read_bytes
from compiler.saves.edits import read_edits
from compiler.saves.groups import EventGroup, units_in
from compiler.saves.history import history_entries
from compiler.saves.java import get, name_of, short_class, text
from compiler.saves.reader import parse_objects
from compiler.saves.state import sorted_stacks, unit_owner_name
from compiler.saves.technology import read_technology

DATA = Path(__file__).parent / "data"
BIDS = DATA / "events" / "small_balanced_bids_2026-08.tsvg"
BIDS_GAME = "corpus/Small_Balanced_2_Player_across.xml"
TECH = "saves/revised_during_land_to_land_combat.tsvg"


@cache
def _save(path: Path) -> SaveGame:
    return read_save(path)


def _entries(path: Path) -> list[StepStart | EventGroup]:
    return history_entries(parse_objects(inflate(read_bytes(path), str(path), MAX_INFLATED), str(path))[1])


def _unit_costs(xml: Path, player: str) -> dict[str, int]:
    """PUs per unit in the player's production frontier, as the game XML sets them."""
    root = etree.parse(str(xml)).getroot()
    frontier = root.find(f".//playerProduction[@player='{player}']").get("frontier")
    rules = {r.get("name"): r for r in root.iter("productionRule")}
    costs = {}
    for name in (f.get("name") for f in root.find(f".//productionFrontier[@name='{frontier}']")):
        rule = rules[name]
        costs[rule.find("result").get("resourceOrUnit")] = int(rule.find("cost[@resource='PUs']").get("quantity"))
    return costs


def test_each_bid_spends_its_budget_on_what_it_places(shared: Path) -> None:
    save = _save(BIDS)
    options = {o.name: o.value for o in save.options or []}
    assert [b.player for b in save.bids] == ["Russians", "Americans"]
    for bid in save.bids:
        assert bid.round == 1 and bid.budget == options[f"{bid.player} bid"] and bid.budget > 0
        costs = _unit_costs(shared / "reference" / BIDS_GAME, bid.player)
        spent = sum(costs[s.type] * s.count for s in bid.bought)
        assert bid.unused is not None and spent + bid.unused == bid.budget, (spent, bid.unused, bid.budget)
        placed: Counter[str] = Counter()
        for units in bid.placements.values():
            placed.update({s.type: s.count for s in units})
        assert placed == Counter({s.type: s.count for s in bid.bought}) and placed.total() > 0
        # the history's own placements in the bid placement step say the same
        steps = {e.step for e in save.events if isinstance(e, StepStart) and e.delegate == "placeBid"}
        places = [e for e in save.events if isinstance(e, Place) and e.player == bid.player and e.step in steps]
        assert set(bid.placements) == {e.territory for e in places}
        assert all(s.owner == bid.player for units in bid.placements.values() for s in units)


def test_a_roll_for_technology_its_dice_hits_and_advance(shared: Path) -> None:
    save = _save(shared / "reference" / TECH)
    options = {o.name: o.value for o in save.options or []}
    assert options["Tech Development"] is True
    [research] = save.technology
    assert (research.round, research.player, research.step) == (1, "Russians", "russianTech")
    assert len(research.dice) == research.spent["Russians"] // 5 > 0  # Revised: 5 PUs a die
    assert research.hits == research.dice.count(save.dice_sides)  # a tech die hits on its top face
    assert research.rolled_for == "Long Range Aircraft"
    assert research.discovered == research.activated == ["Long Range Aircraft"]


def test_saves_without_edits_bids_or_research_say_so(shared: Path) -> None:
    save = _save(DATA / "two_fronts_victory_2.7.tsvg")
    assert (save.edits, save.technology, save.bids) == ([], [], [])
    for name in ("nwo_smalls_ai_game_during_combat.tsvg", "revisted_start_of_game.tsvg"):
        assert _save(shared / "reference" / "saves" / name).edits == []
    assert _save(BIDS).edits == [] and _save(BIDS).technology == []


def _injected(entries: list[StepStart | EventGroup]) -> tuple[list[StepStart | EventGroup], EventGroup, Any]:
    """The bid save's entries with edit events of TripleA's EditDelegate put in the Americans' purchase step, made
    with the save's own change objects where an edit has changes."""
    groups = [e for e in entries if isinstance(e, EventGroup)]
    placed = next(g for g in groups if g.step == "americanBidPlace" and g.changes)
    add_units = [c for c in placed.changes if short_class(c) == "AddUnits"]
    lost = next(c for g in groups for c in g.changes if short_class(c) == "RemoveUnits" and text(get(c, "type")) == "T"
                and len({unit_owner_name(u) for u in units_in(get(c, "units"))}) == 1)  # as EditDelegate logs them
    loser = unit_owner_name(units_in(get(lost, "units"))[0])
    paid = next(g for g in groups if g.step == "americanPurchase" and g.changes)
    money = [c for c in paid.changes if short_class(c) == "ChangeResourceChange"]
    where = next(g for g in groups if g.step == "americanPurchase")

    def event(said: str, changes: list[object]) -> EventGroup:
        return EventGroup(where.round, where.step, where.player, where.delegate, said, None, changes=changes)

    parent = event("EDIT: Americans buy nothing", [])
    parent.children = [("EDIT: Changing ownership of Moscow from Russians to Americans", None)]
    parent.child_changes = [[]]
    edits = [
        event("Turning on Edit Mode", []),
        event("EDIT: Adding units owned by Americans to New York: 1 bomber", add_units),
        event(f"EDIT: Removing units owned by {loser} from {text(get(lost, 'name'))}: some units", [lost]),
        event("EDIT: Changing PUs for Americans from 2 to 5", money),
        event("EDIT: Adding Technology Heavy Bombers for Americans", []),
        parent,
        event("EDIT: Turning off Edit Mode", []),
        event("COMMENT: gg", []),
    ]
    at = entries.index(where)
    return [*entries[:at], *edits, *entries[at:]], placed, lost


def test_edits_are_told_by_kind_with_the_changes_under_them() -> None:
    entries, placed, lost = _injected(_entries(BIDS))
    edits = read_edits(entries)
    assert [e.kind for e in edits] == ["edit-mode-on", "add-units", "remove-units", "change-resources", "change-tech",
                                       "other", "change-owner", "edit-mode-off"]
    assert {(e.round, e.step, e.player) for e in edits} == {(1, "americanPurchase", "Americans")}
    added = edits[1]
    assert added.territory == name_of(get(placed.rendering, "territory")) and added.players == ["Americans"]
    assert [(s.type, s.count) for s in added.units] == list(
        Counter(name_of(get(u, "type")) for u in units_in(get(placed.rendering, "units"))).items())
    removed = edits[2]
    assert removed.territory == text(get(lost, "name")) and removed.units
    assert sorted(removed.units, key=lambda s: s.type) == sorted_stacks(units_in(get(lost, "units")))
    resources = edits[3]
    assert resources.players == ["Americans"] and (resources.old, resources.new) == ("2", "5")
    assert resources.resources and all(isinstance(v, int) and v != 0 for v in resources.resources.values())
    assert (edits[4].new, edits[4].players) == ("Heavy Bombers", ["Americans"])
    owner = edits[6]
    assert (owner.territory, owner.old, owner.new) == ("Moscow", "Russians", "Americans")


def test_show_save_lists_bids_and_research_and_honours_round_and_player(shared: Path) -> None:
    run = CliRunner()
    done = run.invoke(main, ["show-save", str(BIDS), "--history", "--format", "json", "--player", "Americans"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert [b["player"] for b in data["bids"]] == ["Americans"] and data["edits"] == [] == data["technology"]
    assert data["bids"][0]["placements"] and data["bids"][0]["budget"] == 135
    later = json.loads(run.invoke(main, ["show-save", str(BIDS), "--history", "--format", "json",
                                         "--round", "2"]).output)
    assert later["bids"] == [] and later["events"]
    tech = shared / "reference" / TECH
    text = run.invoke(main, ["show-save", str(tech), "--history"]).output
    research = _save(tech).technology[0]
    assert "Edit mode (0 event(s)):\n  never used" in text
    assert (f"[round 1 Russians] spent {research.spent['Russians']} PUs; rolled {','.join(map(str, research.dice))}"
            f" for {research.rolled_for}: {research.hits} hit(s); discovered {research.discovered[0]}") in text


@pytest.mark.parametrize("path", [BIDS])
def test_bid_text_names_the_budget_and_placements(path: Path) -> None:
    done = CliRunner().invoke(main, ["show-save", str(path), "--history", "--player", "Russians"])
    assert done.exit_code == 0, done.output
    bid = _save(path).bids[0]
    assert f"[round 1 Russians] bid {bid.budget} PUs: bought " in done.output
    assert all(f"    placed in {where}: " in done.output for where in bid.placements)


def test_an_advance_a_trigger_grants_counts_for_its_player(shared: Path) -> None:
    """TriggerAttachment's text ('<trigger>: <player> activates <advance>'), put among a real save's entries."""
    path = shared / "reference" / TECH
    entries = _entries(path)
    step = next(e for e in entries if isinstance(e, EventGroup) and e.step == "russianCombatMove")
    granted = EventGroup(step.round, step.step, step.player, step.delegate,
                         "Trigger Russians Jets: Russians activates Jet Power")
    found = read_technology([*entries, granted], {})
    assert [(r.player, r.granted, r.discovered) for r in found] == [
        ("Russians", ["Jet Power"], ["Long Range Aircraft"])]
    assert read_technology(entries, {})[0].granted == []
