"""Property-based tests of house rules: over generated histories, each rule's verdict agrees with an
independent statement of the document's rule, written here from the rule's text (not from its code).

Each property builds its events in memory (no log file) on the World War II Classic map and compares the
1-based positions of the events the rule blames with those the statement blames.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.engine import events as ev
from compiler.engine.check import check_events
from compiler.engine.state import GameState, UnitStack
from compiler.engine.world import World
from compiler.model import GameModel
from compiler.model.game import int_value
from compiler.xml.parse import parse_file
from tests.engine.conftest import MAPS


class Game:
    """A game's World and model, which hypothesis prints by name only (in a failing example)."""

    def __init__(self, world: World, model: GameModel | None = None) -> None:
        self.world, self.model = world, model

    def __repr__(self) -> str:
        return f"<{self.world.name}>"


@pytest.fixture(scope="module")
def classic(world: Callable[[str], World], shared: Path) -> Game:
    return Game(world("classic"), parse_file(shared / "reference" / "maps" / MAPS["classic"]).model)


@pytest.fixture(scope="module")
def g40(world: Callable[[str], World]) -> Game:
    return Game(world("g40"))


PROPERTY = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
GERMAN_LAND = ["West Europe", "Germany", "East Europe", "South Europe"]
"""a chain of German land (each borders the next) in the classic game's start"""


def blamed(world: World, rule: dict[str, Any], events: list[ev.EventBase],
           start: GameState | None = None) -> list[tuple[int, str]]:
    """(1-based event position, message) of every problem the rule finds, from `start` (default the game's)."""
    found = check_events(world, [rule], start or world.initial, events, "generated")
    return [(p.when.event if p.when and p.when.event else 0, p.message) for p in found]


def stacks(owner: str, **counts: int) -> list[UnitStack]:
    return [UnitStack(type=t, owner=owner, count=n) for t, n in counts.items() if n]


def step(round_: int, name: str, player: str = "Germans") -> ev.StepStart:
    return ev.StepStart(round=round_, step=name, player=player)


# --- rail-movement -------------------------------------------------------------------------------------
MOVE = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(1, 3))
"""(infantry, armour, spaces) of one non-combat move along GERMAN_LAND"""


@PROPERTY
@given(moves=st.lists(MOVE, min_size=1, max_size=5), mechanized=st.booleans(), paired=st.booleans(),
       limit=st.integers(0, 3))
def test_rail_movement_agrees_with_its_statement(classic: Game, moves: list[tuple[int, int, int]],
                                                 mechanized: bool, paired: bool, limit: int) -> None:
    """By the rule's text: a land unit moving beyond its movement (infantry 1, armour 2), or beyond 2 for
    infantry of a player with Mechanized Infantry (each with an armour of the move when paired), moves by
    rail; a move whose rail units would take the round's rail count over the limit breaks the rule."""
    reach: dict[str, Any] = {"units": {"infantry": 2}, **({"paired_with": ["armour"]} if paired else {})}
    rule = {"id": "rail-movement", "pools": [{"players": ["Germans"], "limit": limit}],
            "advances": {"Mechanized Infantry": reach}}
    events: list[ev.EventBase] = [step(1, "germanTech")]
    if mechanized:
        events.append(ev.TechRoll(round=1, player="Germans", advance="Mechanized Infantry", dice=[6]))
    events.append(step(1, "germanNonCombatMove"))
    expected, used = [], 0
    for infantry, armour, spaces in moves:
        if not infantry + armour:
            continue
        events.append(ev.Move(round=1, player="Germans", units=stacks("Germans", infantry=infantry, armour=armour),
                              route=GERMAN_LAND[:spaces + 1]))
        rail = armour if spaces > 2 else 0
        if spaces > 1:
            own = 0 if not mechanized or spaces > 2 else infantry if not paired else min(infantry, armour)
            rail += infantry - own
        if rail and used + rail > limit:
            expected.append(len(events))
        elif rail:
            used += rail
    assert [at for at, _ in blamed(classic.world, rule, events)] == expected


# --- neutral-invasion ------------------------------------------------------------------------------------
@PROPERTY
@given(attack=st.booleans(), joined=st.integers(0, 7), walk_in=st.booleans(), battle=st.booleans())
def test_neutral_invasion_counts_walk_ins(classic: Game, attack: bool, joined: int, walk_in: bool,
                                          battle: bool) -> None:
    """By the rule's text: Spain, attacked by the Germans, must first join the British with a die roll (1 to 6)
    of British infantry; a walk-in (Spain becomes German in the move step, no battle) skips both and breaks it;
    a battle there without the joining, or without the defenders, breaks it."""
    rule = {"id": "neutral-invasion", "joins": {"Axis": "British", "Allies": "Germans"}, "die": 6}
    events: list[ev.EventBase] = [step(1, "germanCombatMove")]
    expected: list[int] = []
    if attack:
        events.append(ev.Move(round=1, player="Germans", units=stacks("Germans", armour=1),
                              route=["West Europe", "Spain"]))
    owner = None
    if joined:
        events.append(ev.OwnershipChange(round=1, player="Germans", territory="Spain", new_owner="British"))
        owner = "British"
        events.append(ev.Place(round=1, player="British", territory="Spain",
                               units=stacks("British", infantry=joined)))
        if attack and joined > 6:
            expected.append(len(events))
    if walk_in:
        events.append(ev.OwnershipChange(round=1, player="Germans", territory="Spain", old_owner=owner,
                                         new_owner="Germans"))
        if owner is None:  # still neutral: the Germans walked in
            expected.append(len(events))
        owner = "Germans"
    if battle:
        events += [step(1, "germanBattle"),
                   ev.Battle(round=1, player="Germans", territory="Spain", attacker="Germans", defender=owner)]
        if attack and owner != "British":
            expected.append(len(events))  # not joined
        if attack and not joined:
            expected.append(len(events))  # no defenders
    found = [at for at, _ in blamed(classic.world, rule, events)]
    assert found == expected


# --- income: no-city-spending and capture-bonus -----------------------------------------------------------
WORDS = st.sampled_from(["Italians collect 12 PUs; end with 40 PUs", "income", "Italians collect 3 PUs from War Bonds",
                         "national objective", "Triggers: more money", "", "capture"])
CHANGE = st.tuples(st.integers(-5, 20).filter(bool), WORDS)


@PROPERTY
@given(changes=st.lists(CHANGE, min_size=1, max_size=4), city=st.booleans(), other=st.lists(CHANGE, max_size=2))
def test_no_city_spending_reads_causes_not_words(g40: Game, changes: list[tuple[int, str]], city: bool,
                                                 other: list[tuple[int, str]]) -> None:
    """By the rule's text: a power holding no city collects no income. TripleA's end-turn delegate writes the
    player's collection first in its end-turn step; later changes there (objectives, triggers) and changes in
    other steps are not its income. The words of the history do not matter."""
    rule = {"id": "no-city-spending", "players": ["Italians"]}
    initial = g40.world.initial
    assert initial is not None
    start = initial.model_copy(deep=True)
    italian = [t for t, o in start.owners.items() if o == "Italians"]
    for t in italian:  # no Italian city, or exactly one
        start.units[t] = [s for s in start.units.get(t, []) if s.type != "city"]
    if city:
        start.units.setdefault(italian[0], []).append(UnitStack(type="city", owner="Italians"))
    events: list[ev.EventBase] = [step(3, "italiansPurchase", "Italians")]
    events += [ev.ResourceChange(round=3, player="Italians", resource="PUs", amount=a, reason=r) for a, r in other]
    events.append(step(3, "italiansEndTurn", "Italians"))
    expected = [] if city or changes[0][0] <= 0 else [len(events) + 1]
    events += [ev.ResourceChange(round=3, player="Italians", resource="PUs", amount=a, reason=r) for a, r in changes]
    found = check_events(g40.world, [rule], start, events, "generated")
    assert [p.when.event for p in found if p.when] == expected


# --- tech-advances: prices of the player's own frontier ----------------------------------------------------
def frontier_prices(model: GameModel, frontier: str) -> dict[str, int]:
    """unit -> PUs per unit in `frontier`, straight from the game model's rules (single-unit rules)."""
    rules = {r.name: r for r in model.production_rules}
    prices: dict[str, int] = {}
    for name in next(f for f in model.production_frontiers if f.name == frontier).rules:
        rule = rules[name]
        if len(rule.results) == 1 and int_value(rule.results[0].quantity, 1) == 1:
            prices[rule.results[0].name] = sum(int_value(c.quantity) for c in rule.costs)
    return prices


BOUGHT = st.dictionaries(st.sampled_from(["infantry", "armour", "fighter", "bomber", "transport"]),
                         st.integers(1, 4), min_size=1, max_size=3)


@PROPERTY
@given(bought=BOUGHT, gained=st.booleans(), pay=st.sampled_from(["own", "cheapest", "off"]))
def test_tech_advances_prices_from_the_players_frontier(classic: Game,
                                                        bought: dict[str, int], gained: bool, pay: str) -> None:
    """By the rule's text: a purchase costs the price of the frontier the player buys from (the Germans':
    "production"), less 1 a fighter or bomber with Mass Production Aircraft."""
    own = frontier_prices(classic.model, "production")
    cheap = frontier_prices(classic.model, "productionIndustrialTechnology")
    off = {"fighter": -1, "bomber": -1} if gained else {}
    due = sum(n * (own[u] + off.get(u, 0)) for u, n in bought.items())
    paid = {"own": due, "cheapest": sum(n * (cheap[u] + off.get(u, 0)) for u, n in bought.items()),
            "off": due + 1}[pay]
    rule = {"id": "tech-advances", "advances": ["Mass Production Aircraft"], "die_cost": 5,
            "costs": {"Mass Production Aircraft": {"fighter": -1, "bomber": -1}}}
    events: list[ev.EventBase] = [step(1, "germanTech")]
    if gained:
        events.append(ev.TechRoll(round=1, player="Germans", advance="Mass Production Aircraft", dice=[6],
                                  cost={"PUs": 5}))
    events += [step(1, "germanPurchase"),
               ev.Purchase(round=1, player="Germans", units=stacks("Germans", **bought), cost={"PUs": paid})]
    expected = [len(events)] if paid != due else []
    assert [at for at, _ in blamed(classic.world, rule, events)] == expected


FRONTIERS = ["production", "productionIndustrialTechnology"]
TURN = st.tuples(st.sampled_from([None, *FRONTIERS]), BOUGHT, st.sampled_from(FRONTIERS))
"""(the frontier a note records the Germans switch to, or none; what they buy; the frontier whose prices they pay)"""


@PROPERTY
@given(turns=st.lists(TURN, min_size=1, max_size=4))
def test_tech_advances_prices_each_purchase_from_the_frontier_of_its_moment(classic: Game,
                                                                            turns: list[tuple[Any, ...]]) -> None:
    """By the rule's text: a purchase is priced from the frontier the player buys from at that moment, its own
    ("production") until the history records a change (a note naming the new frontier)."""
    prices = {f: frontier_prices(classic.model, f) for f in FRONTIERS}
    rule = {"id": "tech-advances", "advances": ["Mass Production Aircraft"], "die_cost": 5}
    events: list[ev.EventBase] = []
    expected, now = [], "production"
    for number, (switch, bought, paid_in) in enumerate(turns, start=1):
        events.append(step(number, "germanPurchase"))
        if switch is not None:
            events.append(ev.Note(round=number, player="Germans", text="new frontier", data={"frontier": switch}))
            now = switch
        cost = {f: sum(n * prices[f][u] for u, n in bought.items()) for f in FRONTIERS}
        events.append(ev.Purchase(round=number, player="Germans", units=stacks("Germans", **bought),
                                  cost={"PUs": cost[paid_in]}))
        if cost[paid_in] != cost[now]:
            expected.append(len(events))
    assert [at for at, _ in blamed(classic.world, rule, events)] == expected


# --- combat-sequence: damage carried from battle to battle ------------------------------------------------
BATTLE = st.tuples(st.booleans(), st.sampled_from(["miss", "damage", "sink"]))
"""(the German battleship fires first, what the British battleship's one hit does)"""


def _sea_battle(round_: int, german_fires: bool, outcome: str) -> list[ev.EventBase]:
    rolls = []
    if german_fires:
        rolls.append(ev.Roll(firing="Germans", units=stacks("Germans", battleship=1), dice=[6], hits=0))
    hit = {"miss": {}, "damage": {"damaged": stacks("Germans", battleship=1)},
           "sink": {"casualties": stacks("Germans", battleship=1)}}[outcome]
    rolls.append(ev.Roll(firing="British", units=stacks("British", battleship=1), dice=[2 if hit else 6],
                         hits=1 if hit else 0, **hit))
    return [step(round_, "germanBattle"),
            ev.Battle(round=round_, player="Germans", territory="North Sea Zone", attacker="Germans",
                      rounds=[ev.BattleRound(rolls=rolls)])]


@PROPERTY
@given(battles=st.lists(BATTLE, min_size=1, max_size=4), repair=st.sampled_from(["never", "end_of_turn"]))
def test_combat_sequence_carries_damage(classic: Game, battles: list[tuple[bool, str]],
                                        repair: str) -> None:
    """By the rule's text: a battleship's first hit damages it, a damaged battleship fires no more and a second
    hit sinks it, in later battles too, until repaired (`end_of_turn`: when its owner's turn ends; `never`)."""
    rule = {"id": "combat-sequence", "damaged_first": ["battleship"], "repair": repair,
            "steps": [{"side": "attacker", "units": ["battleship"]}, {"side": "defender", "units": ["battleship"]}]}
    start = classic.world.initial.model_copy(deep=True) if classic.world.initial else None
    assert start is not None
    start.units["North Sea Zone"] = stacks("British", battleship=1) + stacks("Germans", battleship=1)
    events: list[ev.EventBase] = []
    expected: list[tuple[int, str]] = []
    damaged = False
    for number, (fires, outcome) in enumerate(battles, start=1):
        if repair == "end_of_turn":
            damaged = False
        events += _sea_battle(number, fires, outcome)
        if fires and damaged:
            expected.append((len(events), "fire"))
        if outcome == "sink":
            if not damaged:
                expected.append((len(events), "one hit"))
            break
        damaged = damaged or outcome == "damage"
    found = blamed(classic.world, rule, events, start)
    assert [(at, "fire" if " fire in " in m else "one hit" if "by one hit" in m else m) for at, m in found] == expected


# --- bombing-losses ---------------------------------------------------------------------------------------
LOSS_WORDS = st.sampled_from(["bombing losses", "Bombing raid in United Kingdom", "", "British lose PUs", "edit"])


@PROPERTY
@given(dice=st.lists(st.integers(1, 6), min_size=1, max_size=3), now=st.integers(0, 4), later=st.integers(0, 4),
       words=st.tuples(LOSS_WORDS, LOSS_WORDS))
def test_bombing_losses_reads_when_not_words(classic: Game, dice: list[int], now: int, later: int,
                                             words: tuple[str, str]) -> None:
    """By the rule's text: each German bomber rolls one die and hits at 4 or less (Classic's bomber attack); the
    British lose 1 PU per hit in their next turn, not in the raid. A loss right after the raid breaks it, whatever
    its words; at the end of the British turn the losses of that turn must equal the hits (when there were any)."""
    rule = {"id": "bombing-losses"}
    raid = ev.Battle(round=1, player="Germans", territory="United Kingdom", attacker="Germans", defender="British",
                     result="bombing_raid", rounds=[ev.BattleRound(rolls=[ev.Roll(
                         firing="Germans", units=stacks("Germans", bomber=len(dice)), dice=dice)])])
    events: list[ev.EventBase] = [step(1, "germanBattle"), raid]
    expected: list[int] = []
    if now:
        events.append(ev.ResourceChange(round=1, player="British", resource="PUs", amount=-now, reason=words[0]))
        expected.append(len(events))
    events.append(step(1, "britishPurchase", "British"))
    if later:
        events.append(ev.ResourceChange(round=1, player="British", resource="PUs", amount=-later, reason=words[1]))
    hits = sum(1 for d in dice if d <= 4)
    if hits and later != hits:
        expected.append(len(events))  # blamed at the last event of the British turn
    events.append(step(1, "japanesePurchase", "Japanese"))
    assert [at for at, _ in blamed(classic.world, rule, events)] == expected


# --- bomber-first-round: no automatic kills ----------------------------------------------------------------
@PROPERTY
@given(dice=st.lists(st.integers(1, 6), min_size=1, max_size=3), transports=st.integers(1, 4),
       lost=st.integers(0, 4), escorted=st.booleans())
def test_bombers_kill_only_what_they_hit(classic: Game, dice: list[int], transports: int, lost: int,
                                         escorted: bool) -> None:
    """By the rule's text: bombers attacking alone kill only the units they hit; with another unit firing beside
    them (an escort) TripleA's own casualty rules apply and the clause says nothing."""
    rule = {"id": "bomber-first-round"}
    hits = sum(1 for d in dice if d <= 4)
    fired = stacks("Germans", bomber=len(dice), fighter=1 if escorted else 0)
    battle = ev.Battle(round=1, player="Germans", territory="North Sea Zone", attacker="Germans", defender="British",
                       defender_losses=stacks("British", transport=min(lost, transports)),
                       rounds=[ev.BattleRound(attacker_fired=fired, rolls=[ev.Roll(
                           firing="Germans", units=fired, dice=dice, hits=hits)])])
    start = classic.world.initial.model_copy(deep=True)
    start.units["North Sea Zone"] = stacks("British", transport=transports)
    start.relationships = {**start.relationships}
    events: list[ev.EventBase] = [step(1, "germanBattle"), battle]
    expected = [2] if not escorted and min(lost, transports) > hits else []
    assert [at for at, _ in blamed(classic.world, rule, events, start)] == expected
