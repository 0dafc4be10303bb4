"""G40 Alt Universe's politics and income timing, shown in a real game of the current TripleA release within
CI's budget.

One round of the full game takes the Hard AI over 5 minutes of CPU (tests/integration/test_real_games.py plays
it only on request). Timing is a matter of politics, triggers and
objectives, not of armies: so the spec is compiled as it is and only its initial placement is
reduced to what those name (cities, industrial complexes, the Independent Neutrals' markers and
the Flying Tigers' fighter in C4). Every player starts with its income and relationships, buys,
moves and attacks as usual; the AI plays 3 rounds (seeded, repeatable), about 90 s on 2 cores.

The save then shows, as TripleA counted rounds: when the Flying Tigers were recalled, which
declarations of war came in which round (none by the Soviet Union, the US or China before round 3
unless the document's conditions held: our war-declaration-timing finds none in the save), and
which national objectives paid in which round: Japan's Trade with China until the round Japan went
to war with China, China's 12-IPC cap until its war and its Allied Financial Support after it, and
France's 16-IPC income while the Axis have taken fewer than two Independent Neutrals beyond the
Allies. Run with `-s` for the table.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from compiler.compile import compile_spec
from compiler.engine import events as ev
from compiler.engine.check import check_events
from compiler.engine.world import World, build_world
from compiler.model import GameModel
from compiler.saves import SaveGame, read_save
from compiler.spec import load_spec
from compiler.xml.render import render_game

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "g40_alt_universe.yaml"
ROUNDS = 3
SEED = 11
KEEP = {"city", "factory_minor", "factory_major", "independent_neutral_free"}
"""the unit types the map's triggers and objectives name (capture bonuses, cities, neutral markers)"""
OBJECTIVE = re.compile(r"Objective (?P<name>.+?): (?P<player>\w+) met a national objective for an additional "
                       r"(?P<amount>-?\d+) PUs")
DECLARES = re.compile(r"^(?P<player>\w+) takes Political Action: Political Action (?P=player) To War With ")
TRACKER = re.compile(r"Trigger (?P<side>Axis|Allies) Attack Independent Neutral (?P<territory>IN\d+)")


def reduced(model: GameModel) -> GameModel:
    """The game with only the units its triggers and objectives name placed at start."""
    kept = [p for p in model.unit_placements
            if p.unit_type in KEEP or (p.territory, p.unit_type, p.owner) == ("C4", "fighter", "Chinese")]
    return model.model_copy(update={"unit_placements": kept})


@dataclass
class Played:
    model: GameModel
    world: World
    save: SaveGame
    seconds: float

    def texts(self) -> list[tuple[ev.EventBase, str]]:
        """Each event with its text (a note's text, a political action, a resource change's reason)."""
        out: list[tuple[ev.EventBase, str]] = []
        for e in self.save.events:
            text = getattr(e, "text", None) or getattr(e, "action", None) or getattr(e, "reason", None)
            if isinstance(text, str):
                out.append((e, text))
        return out

    def objectives(self) -> dict[tuple[int, str], dict[str, int]]:
        """(round, player) -> objective -> PUs, as the history says they were met (each once)."""
        met: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
        for e, text in self.texts():
            found = OBJECTIVE.search(text)
            if found:
                met[(e.round, found["player"])][found["name"]] = int(found["amount"])
        return met

    def declarations(self) -> list[tuple[int, str, str]]:
        """(round, declaring player, other player) of each political action towards war a player took."""
        out: list[tuple[int, str, str]] = []
        for e in self.save.events:
            if isinstance(e, ev.PoliticalAction) and DECLARES.match(e.action) and e.new_relationship:
                if self.world.archetype(e.new_relationship) == "war":
                    player = DECLARES.match(e.action)["player"]  # type: ignore[index]
                    out += [(e.round, player, other) for other in e.players if other != player]
        return out

    def at_war_after_turn(self, player: str, others: set[str], round_: int) -> bool:
        """Whether `player` was at war with one of `others` at the end of its turn in `round_` (when TripleA
        counts its national objectives), by the declarations of the history."""
        order = self.world.turn_order
        for r, x, y in self.declarations():
            pair = {x, y}
            if player in pair and pair - {player} <= others:
                if r < round_ or (r == round_ and order.index(x) <= order.index(player)):
                    return True
        return False

    def neutrals_taken(self) -> list[tuple[int, str, str]]:
        """(round, side, territory) of each Independent Neutral whose capture placed a tracker in FCap."""
        seen: list[tuple[int, str, str]] = []
        for e, text in self.texts():
            found = TRACKER.search(text)
            if found and not any(t == found["territory"] for _, _, t in seen):
                seen.append((e.round, found["side"], found["territory"]))
        return seen


@pytest.fixture(scope="module")
def played(current_triplea: Any, tmp_path_factory: pytest.TempPathFactory) -> Played:
    folder = tmp_path_factory.mktemp("g40-timing")
    compiled = compile_spec(SPEC, current_triplea.name)
    assert compiled.ok and compiled.model is not None, [str(p) for p in compiled.problems if p.is_error]
    model = reduced(compiled.model)
    xml = folder / "g40_alt_universe_reduced.xml"
    xml.write_text(render_game(model), encoding="utf-8")
    start = time.monotonic()
    game = current_triplea.ai_game(xml, ROUNDS, folder / "g40.tsvg", SEED)
    seconds = time.monotonic() - start
    assert game.rounds_played == ROUNDS and not game.game_over
    result = Played(model, build_world(model), read_save(game.save), seconds)
    print(f"\n\nG40 Alt Universe (reduced placement), TripleA {current_triplea.name} Hard AI, {ROUNDS} rounds, "
          f"seed {SEED}: "
          f"{seconds:.0f} s\n  declarations: {result.declarations()}\n"
          f"  Independent Neutrals taken: {result.neutrals_taken()}")
    for (round_, player), met in sorted(result.objectives().items()):
        print(f"  round {round_} {player}: {met}")
    return result


def test_the_reduced_game_keeps_the_politics_triggers_and_objectives() -> None:
    model = compile_spec(SPEC, "latest").model
    assert model is not None
    small = reduced(model)
    assert small.attachments == model.attachments and small.relationships == model.relationships
    assert small.resources_given == model.resources_given and small.territory_owners == model.territory_owners
    assert {p.unit_type for p in small.unit_placements} == KEEP | {"fighter"}
    assert len(small.unit_placements) < len(model.unit_placements) / 4


def test_flying_tigers_are_recalled_in_round_1(played: Played) -> None:
    """China stays neutral through its first turn: before its purchase the fighter in C4 becomes American."""
    recalled = [e for e, text in played.texts() if text.startswith("Trigger Flying Tigers")]
    assert {(e.round, e.player) for e in recalled} == {(1, "Chinese")}
    placed = [e for e in played.save.events if isinstance(e, ev.Place) and e.territory == "US21"
              and any((s.type, s.owner) == ("fighter", "Americans") for s in e.units)]
    assert [(e.round, e.player) for e in placed] == [(1, "Chinese")]


def test_declarations_follow_the_documents_timing(played: Played) -> None:
    declarations = played.declarations()
    assert declarations, "the AI declared no war in 3 rounds"
    assert all(1 <= r <= ROUNDS for r, _, _ in declarations)
    # the restricted powers declared only when TripleA's conditions let them: our rule agrees on the save
    rules = [h.model_dump() for h in load_spec(SPEC).house_rules if h.id == "war-declaration-timing"]
    assert played.world.initial is not None
    found = check_events(played.world, rules, played.world.initial, played.save.events, "g40.tsvg")
    assert [p.message for p in found] == []


def test_objectives_pay_in_the_rounds_the_document_says(played: Played) -> None:
    met = played.objectives()
    for round_ in range(1, ROUNDS + 1):
        assert any(r == round_ for r, _ in met), f"no objective recorded in round {round_}"
    axis = {"Germans", "Italians", "Japanese"}
    for round_ in range(1, ROUNDS + 1):
        # Japan: Trade with China while not at war with China (objectives are counted at the end of a turn)
        japan = met.get((round_, "Japanese"), {})
        at_war = played.at_war_after_turn("Japanese", {"Chinese"}, round_)
        assert (japan.get("Japanese 2 Trade With China") == 5) == (not at_war), (round_, japan)
        # Trade with the US and France: no unprovoked war of Japan's on the UK or ANZAC, no war with France or the US
        unprovoked = any(p == "Japanese" and o in ("British", "ANZAC") and r <= round_
                         for r, p, o in played.declarations())
        at_war = played.at_war_after_turn("Japanese", {"French", "Americans"}, round_)
        trade = japan.get("Japanese 1 Trade With America And France") == 10
        assert trade == (not unprovoked and not at_war), (round_, japan)
        # China: 12 IPCs (23 less 11) while at war with no Axis power; Allied Financial Support once at war
        china = met.get((round_, "Chinese"), {})
        at_war = played.at_war_after_turn("Chinese", axis, round_)
        assert (china.get("Chinese 4 Internal Hostilities") == -11) == (not at_war), (round_, china)
        assert (china.get("Chinese 1 Financial Support British") == 2) == at_war, (round_, china)


def test_france_earns_16_until_the_axis_lead_by_two_independent_neutrals(played: Played) -> None:
    """Level 3 (full income) once the Axis have taken two Independent Neutrals more than the Allies, never
    back; full income too once at war with an Axis power."""
    lead = 0
    level3 = False
    taken = played.neutrals_taken()
    for round_ in range(1, ROUNDS + 1):
        for r, side, _ in taken:
            if r == round_:
                lead += 1 if side == "Axis" else -1
                level3 = level3 or lead >= 2
        france = played.objectives().get((round_, "French"), {})
        at_war = played.at_war_after_turn("French", {"Germans", "Italians", "Japanese"}, round_)
        reduced_income = france.get("French 3 Non Military Spending") == -16
        assert reduced_income == (not level3 and not at_war), (round_, france, taken, at_war)


def test_each_objective_payment_is_read_under_its_own_event(played: Played) -> None:
    """TripleA adds an objective's resource change before it starts the objective's event: the reader files it
    under its own event (compiler/saves/payments.py), so the change right after each objective's note pays that
    objective's amount (clipped at a balance of 0 for a negative one), and no collection carries a payment."""
    events = list(played.save.events)
    paid = 0
    for note, after in zip(events, events[1:], strict=False):
        found = OBJECTIVE.search(getattr(note, "text", "") or "") if isinstance(note, ev.Note) else None
        if found is None:
            continue
        amount = int(found["amount"])
        assert isinstance(after, ev.ResourceChange) and after.player == found["player"], (note, after)
        assert after.amount == amount or amount < after.amount <= 0, (note, after)
        paid += 1
    assert paid >= 10
    for (event, reason), (following, _) in zip(played.texts(), played.texts()[1:], strict=False):
        if isinstance(event, ev.ResourceChange) and " collect " in reason and isinstance(following, ev.ResourceChange):
            assert following.reason != reason or following.player != event.player, (event, following)
