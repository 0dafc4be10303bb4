"""The live board: push applies events, pop takes them back, turns start and end, worlds read maps."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.referee import Referee
from compiler.engine.rules.base import HouseRule, RuleParams
from compiler.engine.state import GameState, UnitStack
from compiler.engine.world import World, build_world
from compiler.problems import Location, Moment, Problem


def _u(t: str, o: str, n: int = 1) -> list[UnitStack]:
    return [UnitStack(type=t, owner=o, count=n)]


class Spy(HouseRule[RuleParams]):
    """Records what the board looked like at the start of each turn, and complains of every note."""

    id = "spy"

    def setup(self) -> None:
        self.starts: list[tuple[int, str | None, str | None]] = []

    def start_turn(self, board: Board) -> Iterable[str]:
        self.starts.append((board.round, board.player, board.turn_start.owners.get("East Europe")))
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.Note):
            yield f"note {event.text}"

    def end_turn(self, board: Board) -> Iterable[str]:
        if board.player == "Germans":
            yield "the Germans' turn ends"


def _watched(world: World) -> tuple[Board, Spy, Referee]:
    spy = Spy(RuleParams(), world)
    board = Board(world)
    referee = Referee([spy], "game.yaml")
    board.watchers.append(referee)
    return board, spy, referee


GAME = [
    ev.StepStart(round=1, player="Russians", step="russianCombatMove"),
    ev.Move(round=1, player="Russians", units=_u("infantry", "Russians", 2), route=["Karelia S.S.R.", "East Europe"]),
    ev.Battle(round=1, player="Russians", territory="East Europe", attacker="Russians",
              attacker_losses=_u("infantry", "Russians"), defender_losses=_u("infantry", "Germans", 3)),
    ev.OwnershipChange(round=1, player="Russians", territory="East Europe", new_owner="Russians"),
    ev.ResourceChange(round=1, player="Russians", resource="PUs", amount=5),
    ev.Purchase(round=1, player="Russians", units=_u("infantry", "Russians"), cost={"PUs": 3}),
    ev.Place(round=1, player="Russians", territory="Russia", units=_u("infantry", "Russians")),
    ev.Remove(round=1, player="Russians", territory="Russia", units=_u("infantry", "Russians")),
    ev.StepStart(round=1, player="Germans", step="germanPolitics"),
    ev.PoliticalAction(round=1, player="Germans", action="peace", players=["Russians"], new_relationship="Allied"),
    ev.PoliticalAction(round=1, player="Germans", action="war", players=["British"], new_relationship="War"),
    ev.OwnershipChange(round=1, player="Germans", territory="Karelia S.S.R.", new_owner="Germans"),
    ev.Capture(round=1, player="Germans", territory="Russia", new_owner="Germans", count=1),
    ev.Note(round=2, player="Germans", text="a new round"),
]


def test_push_changes_the_board(world):
    w = world("classic")
    board, spy, _ = _watched(w)
    for e in GAME[:10]:
        board.push(e)
    state = board.state()
    east = {(s.type, s.owner): s.count for s in state.units["East Europe"]}
    assert east[("infantry", "Russians")] == 1 and ("infantry", "Germans") not in east
    assert state.owners["East Europe"] == "Russians"
    assert state.resources["Russians"]["PUs"] == w.initial.resources["Russians"]["PUs"] + 2
    assert state.relationships[GameState.pair("Germans", "Russians")] == "Allied"
    assert board.stance("Germans", "Russians") == "allied" and board.friendly("Germans", "Russians")
    assert board.at_war("Germans", "Russians", board.turn_start)  # at the start of the Germans' turn
    assert spy.starts == [(1, "Russians", "Germans"), (1, "Germans", "Russians")]
    assert board.events == GAME[:10] and board.battles == [(1, "East Europe", "Russians")]
    assert (board.round, board.player, board.step, board.turn_index) == (1, "Germans", "germanPolitics", 2)


def test_ownership_and_capture_hand_over_infrastructure(world):
    w = world("classic")
    board = Board(w)
    assert board.count("Karelia S.S.R.", "factory", "Russians") == 1
    board.push(GAME[11])  # the Germans take Karelia: its factory is theirs
    assert board.count("Karelia S.S.R.", "factory") == board.count("Karelia S.S.R.", "factory", "Germans") == 1
    board.push(GAME[12])  # one unit of infrastructure in Russia changes owner (the AA gun, first by name)
    assert board.count("Russia", "aaGun", "Germans") == 1 and board.count("Russia", "aaGun", "Russians") == 0
    assert board.count("Russia", "factory", "Russians") == 1 and board.count("Russia", owner="Germans") == 1


def test_pop_takes_each_event_back(world):
    w = world("classic")
    board = Board(w)
    seen = [(board.state(), board.turn_start.to_state("", 0, None, None), list(board.battles),
             list(board.war_declared), board.turn_index)]
    for e in GAME:
        board.push(e)
        seen.append((board.state(), board.turn_start.to_state("", 0, None, None), list(board.battles),
                     list(board.war_declared), board.turn_index))
    assert board.war_declared == [(1, "Germans", "British")] and board.round == 2
    for e in reversed(GAME):
        seen.pop()
        assert board.pop() is e
        assert (board.state(), board.turn_start.to_state("", 0, None, None), board.battles, board.war_declared,
                board.turn_index) == seen[-1]
    assert board.state() == Board(w).state() and board.events == []
    with pytest.raises(IndexError):
        board.pop()


def test_pop_then_push_again_judges_the_same(world):
    w = world("classic")
    board = Board(w)
    for e in GAME[:9]:
        board.push(e)
    board.pop()
    assert board.player == "Russians" and board.relationships[GameState.pair("Germans", "Russians")] == "War"
    assert board.at_war("Germans", "Russians")  # the cached answer was dropped with the pop
    board.push(GAME[8])
    board.push(GAME[9])
    assert board.player == "Germans" and board.friendly("Germans", "Russians")


def test_the_referee_makes_problems_at_the_moment_of_the_game(world):
    w = world("classic")
    board, _, referee = _watched(w)
    for e in [GAME[0], GAME[8], ev.Note(round=1, text="x", line=12), ev.Note(round=2, player="Germans", text="y")]:
        board.push(e)
    found = referee.finish(board)
    assert found == [
        Problem("spy", "note x", Location("game.yaml", 12, 0), when=Moment(1, "Germans", "germanPolitics", 3)),
        Problem("spy", "the Germans' turn ends", Location("game.yaml", 12, 0),
                when=Moment(1, "Germans", "germanPolitics", 3)),
        Problem("spy", "note y", Location("game.yaml", 0, 0), when=Moment(2, "Germans", "germanPolitics", 4)),
        Problem("spy", "the Germans' turn ends", Location("game.yaml", 0, 0),
                when=Moment(2, "Germans", "germanPolitics", 4)),
    ]


def test_world_reads_the_map(world):
    w = world("aggression")
    assert {c.name for c in w.canals} == {"Suez Canal", "Kiel Canal", "Panama Canal"}
    assert w.turn_order[:3] == ["Germany", "Russia", "Italy"]
    assert w.archetype("War") == "war" and w.archetype("Allied") == "allied"
    assert w.phase("germanyNonCombatMove") == "noncombat-move" and w.phase("germanyCombatMove") == "combat-move"
    assert w.phase("germanyPlace") == "place" and w.phase("germanyPurchase") == "purchase"
    assert w.unit("fighter").is_air and w.unit("destroyer").is_sea and w.unit("infantry").is_land
    assert w.members("Axis") == {"Germany", "Italy", "Japan"}
    c = world("classic")
    assert c.initial.relationships[GameState.pair("Germans", "Japanese")] == "Allied"
    assert c.initial.relationships[GameState.pair("Germans", "British")] == "War"
    assert c.distance("Germany", {"Poland", "Karelia S.S.R."}) == 2


def _units(state: GameState) -> dict[tuple[str, str, str], int]:
    out: dict[tuple[str, str, str], int] = {}
    for territory, stacks in state.units.items():
        for s in stacks:
            key = (territory, s.type, s.owner)
            out[key] = out.get(key, 0) + s.count
    return out


@pytest.mark.parametrize(("save", "xml"), [
    ("nwo_smalls_ai_game_during_combat", "new_world_order_smalls"),
    ("revised_during_land_to_land_combat", "ww2v2"),
    ("revisted_start_of_game", "ww2v2"),
])
def test_replaying_a_real_save_reaches_its_recorded_state(shared, save, xml):
    """From the game XML's start, the save's history leads exactly to the state the save holds; popping
    every event leads back to the start."""
    from compiler.saves import read_save
    from compiler.xml.parse import parse_file

    saved = read_save(shared / "reference" / "saves" / f"{save}.tsvg")
    w = build_world(parse_file(shared / "reference" / "corpus" / f"{xml}.xml").model)
    board = Board(w)
    for event in saved.events:
        board.push(event)
    state = board.state()
    assert {t: o for t, o in state.owners.items()} == {t: saved.state.owners.get(t) for t in state.owners}
    assert _units(state) == _units(saved.state)
    assert {p: r for p, r in state.resources.items() if p in saved.state.resources} == saved.state.resources
    while board.events:
        board.pop()
    start = board.state()
    assert (start.owners, _units(start), start.relationships) == (
        w.initial.owners, _units(w.initial), w.initial.relationships)
    assert {p: {r: n for r, n in wallet.items() if n} for p, wallet in start.resources.items()} == {
        p: {r: n for r, n in wallet.items() if n} for p, wallet in w.initial.resources.items()}


def test_political_actions_change_the_right_pairs():
    own = ev.PoliticalAction(round=1, player="A", action="x", players=["B"], new_relationship="War")
    assert own.pairs() == [("A", "B")]
    many = ev.PoliticalAction(round=1, player="A", action="x", players=["B", "C", "D"], new_relationship="War")
    assert many.pairs() == [("A", "B"), ("A", "C"), ("A", "D")]
    both = ev.PoliticalAction(round=1, player="A", action="x", players=["A", "B"], new_relationship="War")
    assert both.pairs() == [("A", "B")]
    # as the save reader writes them: the pair the change is about, whoever's step it is
    others = ev.PoliticalAction(round=1, player="P", action="trigger", players=["X", "Y"], new_relationship="War")
    assert others.pairs() == [("X", "Y")]


def test_only_steps_change_the_player_once_the_history_has_steps(world):
    w = world("classic")
    board, spy, _ = _watched(w)
    for e in [
        ev.StepStart(round=1, player="Germans", step="germanBattle"),
        ev.ResourceChange(round=1, player="Russians", resource="PUs", amount=-2, reason="Battle in Karelia"),
        ev.Move(round=1, player="Germans", units=_u("fighter", "Germans"), route=["Karelia S.S.R.", "East Europe"]),
    ]:
        assert board.starts_turn(e) == isinstance(e, ev.StepStart)
        board.push(e)
    assert [p for _, p, _ in spy.starts] == ["Germans"] and board.player == "Germans"
    # a log without steps: the events' players mark the turns
    board, spy, _ = _watched(w)
    for player in ("Germans", "Russians", "Russians", "Germans"):
        board.push(ev.Note(round=1, player=player, text="x"))
    assert [p for _, p, _ in spy.starts] == ["Germans", "Russians", "Germans"]


def test_a_board_needs_a_start(world):
    w = world("classic")
    bare = World(w.name, w.territories, w.water, w.neighbours, w.players, w.alliance, w.archetypes, w.units,
                 w.canals, w.production)
    with pytest.raises(ValueError, match="no initial state"):
        Board(bare)
    assert Board(bare, w.initial).owners == w.initial.owners
