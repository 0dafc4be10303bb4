"""Saves the real TripleA 1.9 engine wrote while its AI played our compiled variants.

Each spec is compiled for 1.9, TripleA 1.9's "Fast (AI)" plays a round or two of it (once per
session, in parallel), and the .tsvg it writes is read back with `read_save` and checked with
`check-save`: the save must describe the compiled map, its history must follow the compiled
sequence and connections, replaying it must reach the saved board, and check-save must report the
spec's house rules at turns the history has. Run with `-s` for a summary table.

The XML given to TripleA gets a <boolean/> type on true/false properties that lack one (see
`untyped_booleans`: without it 1.9 cannot start the game); a separate test fails while the
compiler leaves them out.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree
from save_facts import differences

from compiler.cli import main
from compiler.compile import CompileResult, compile_spec
from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.world import build_world
from compiler.model import GameModel
from compiler.saves import SaveGame, read_save

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.yaml"))
ORACLE = ROOT / "tests" / "oracle" / "triplea19.py"
ROUNDS = {"two_fronts": 2}  # the small game plays two rounds, the large ones one
PLAY_TIMEOUT = 90.0  # seconds per game; slower games are recorded, not waited for
BROKEN_RULES = """
house_rules:
  - id: build-limit          # no infantry at all: every purchase of a player owning infantry breaks it
    limits: {infantry: 0}
  - id: move-limit           # the Easterners may not move a single unit
    player: Easterners
    max_units: 0
    phase: any
"""


@dataclass
class Game:
    """One spec: its 1.9 compile, the AI game TripleA 1.9 played from it, and what was checked."""

    spec: Path
    compiled: CompileResult
    rounds: int
    xml: Path | None = None
    untyped_booleans: list[str] = field(default_factory=list)
    save: Path | None = None
    seconds: float = 0.0
    failure: str | None = None  # why TripleA 1.9 did not play it
    events: int | None = None
    violations: int | None = None
    rules_broken: str = ""

    @property
    def name(self) -> str:
        return self.spec.stem

    @property
    def model(self) -> GameModel:
        assert self.compiled.model is not None
        return self.compiled.model

    def refusal(self) -> list[str]:
        return sorted({p.message for p in self.compiled.problems if p.is_error})


def load_oracle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("triplea19", ORACLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def untyped_booleans(root: etree._Element) -> list[etree._Element]:
    """Non-editable properties whose value is true/false but which carry no <boolean/> child.

    TripleA 1.9's GameParser stores such a value as the String "false", and the engine fails with a
    ClassCastException when it reads the property as a Boolean (e.g. "Two hit battleship" in
    InitializationDelegate.initTwoHitBattleship), so the game cannot start.
    """
    return [p for p in root.iter("property")
            if p.get("value") in ("true", "false") and not any(c.tag != "value" for c in p)]


def playable_xml(xml: str) -> tuple[bytes, list[str]]:
    """The compiled XML with a <boolean/> type added where it is missing (see untyped_booleans);
    returns the bytes and the names of the properties that needed it."""
    tree = etree.ElementTree(etree.fromstring(
        xml.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True, remove_blank_text=False)))
    patched = []
    for prop in untyped_booleans(tree.getroot()):
        etree.SubElement(prop, "boolean")
        patched.append(prop.get("name", ""))
    return etree.tostring(tree, xml_declaration=True, encoding="UTF-8", doctype=tree.docinfo.doctype), patched


def play(oracle: ModuleType, game: Game, folder: Path) -> Game:
    """Have TripleA 1.9's AI play the game's XML; records the save or why there is none."""
    assert game.xml is not None
    start = time.monotonic()
    try:
        summary = oracle.play_ai_game_summary(game.xml, game.rounds, folder / f"{game.name}.tsvg",
                                              timeout=PLAY_TIMEOUT)
        game.save = summary["out"]
    except oracle.OracleError as exc:
        game.failure = str(exc).splitlines()[0][:300]
    game.seconds = time.monotonic() - start
    return game


VARIANT_ROWS: list[tuple[str, int, int, list[dict[str, Any]], str]] = []
"""check-save runs on a save with another spec: name, rounds, events, violations, note"""


def _by_rule(violations: list[dict[str, Any]]) -> str:
    counts: dict[str, int] = {}
    for v in violations:
        counts[v["rule"]] = counts.get(v["rule"], 0) + 1
    return ", ".join(f"{rule} x{n}" for rule, n in sorted(counts.items()))


def summary_table(games: dict[str, Game]) -> str:
    lines = [f"{'spec':<22} {'rounds':>6} {'seconds':>8} {'events':>7} {'violations':>10}  note",
             "-" * 80]
    for g in games.values():
        if not g.compiled.ok:
            note = "1.9 compile refused: " + "; ".join(g.refusal())[:120]
            lines.append(f"{g.name:<22} {'-':>6} {'-':>8} {'-':>7} {'-':>10}  {note}")
            continue
        note = g.failure or g.rules_broken
        if g.untyped_booleans:
            note = (note + "; " if note else "") + f"typed {len(g.untyped_booleans)} boolean properties"
        events = "-" if g.events is None else str(g.events)
        violations = "-" if g.violations is None else str(g.violations)
        lines.append(f"{g.name:<22} {g.rounds:>6} {g.seconds:>8.1f} {events:>7} {violations:>10}  {note}")
    for name, rounds, events_, found, note in VARIANT_ROWS:
        lines.append(f"{name:<22} {rounds:>6} {'-':>8} {events_:>7} {len(found):>10}  {note}: {_by_rule(found)}")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def games(triplea_jar: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Game]]:
    """Every spec compiled for 1.9; the accepted ones played by TripleA 1.9's AI in parallel."""
    oracle = load_oracle()
    oracle.build()  # once, before the games run in parallel
    folder = tmp_path_factory.mktemp("real-engine-saves")
    found: dict[str, Game] = {}
    for spec in SPECS:
        game = Game(spec, compiled_19(spec), ROUNDS.get(spec.stem, 1))
        if game.compiled.ok:
            assert game.compiled.xml is not None
            data, game.untyped_booleans = playable_xml(game.compiled.xml)
            game.xml = folder / f"{spec.stem}.xml"
            game.xml.write_bytes(data)
        found[spec.stem] = game
    playable = [g for g in found.values() if g.xml is not None]
    with ThreadPoolExecutor(max_workers=max(2, min(4, os.cpu_count() or 2))) as pool:
        list(pool.map(lambda g: play(oracle, g, folder), playable))
    yield found
    print("\n\nTripleA 1.9 AI games of our compiled variants:\n" + summary_table(found))


_saves: dict[Path, SaveGame] = {}


def played(games: dict[str, Game], name: str) -> tuple[Game, SaveGame]:
    """The game and its save; skips a spec that needs 2.x, xfails one TripleA 1.9 did not play."""
    game = games[name]
    if not game.compiled.ok:
        refusal = game.refusal()
        assert refusal and all("2.x" in m for m in refusal), refusal
        pytest.skip(f"{name} needs TripleA 2.x: {refusal[0]}")
    if game.save is None:
        pytest.xfail(f"TripleA 1.9 did not play {name}: {game.failure}")
    if game.save not in _saves:
        _saves[game.save] = read_save(game.save)
    saved = _saves[game.save]
    game.events = len(saved.events)
    return game, saved




@functools.cache
def compiled_19(spec: Path) -> CompileResult:
    """A spec compiled for TripleA 1.9 (once per session: the fixture and the parameters share it)."""
    return compile_spec(spec, "1.9")


NAMES = [s.stem for s in SPECS if compiled_19(s).ok]  # specs TripleA 1.9 can play
NEEDS_2X = [s for s in SPECS if not compiled_19(s).ok]


@pytest.mark.parametrize("name", NAMES)
def test_save_describes_the_compiled_map(games: dict[str, Game], name: str) -> None:
    game, saved = played(games, name)
    model = game.model
    assert saved.engine_version.startswith("1.9"), saved.engine_version
    assert saved.state.game == model.info.name
    assert set(saved.state.owners) == model.territory_names()
    players = model.player_names()
    assert set(saved.state.owners.values()) - {None} <= players
    # Start from the compiled owners; every ownership change of the history leads to the saved ones.
    owners: dict[str, str | None] = dict.fromkeys(model.territory_names())
    owners.update({o.territory: o.owner for o in model.territory_owners})
    for event in saved.events:
        if isinstance(event, ev.OwnershipChange):
            owners[event.territory] = event.new_owner
    assert owners == saved.state.owners
    unit_types = set(model.unit_types)
    for territory, stacks in saved.state.units.items():
        assert territory in owners
        # units placed without an owner belong to TripleA's null player, named "Neutral"
        unowned = {"Neutral"} if any(p.owner is None for p in model.unit_placements) else set()
        assert {s.type for s in stacks} <= unit_types and {s.owner for s in stacks} <= players | unowned
    assert set(saved.state.resources) <= players


@pytest.mark.parametrize("name", NAMES)
def test_the_save_carries_the_compiled_game(games: dict[str, Game], name: str) -> None:
    """TripleA 1.9's save, read alone (as check-save does without a spec), is the compiled game from its start."""
    game, _ = played(games, name)
    assert game.save is not None
    carried = read_save(game.save, world=True).world
    assert carried is not None
    assert differences(carried, build_world(game.model)) == {}


def _step_index(model: GameModel) -> dict[str, int]:
    return {step.name: i for i, step in enumerate(model.steps)}


@pytest.mark.parametrize("name", NAMES)
def test_history_follows_the_compiled_sequence(games: dict[str, Game], name: str) -> None:
    game, saved = played(games, name)
    model = game.model
    steps = {step.name: step for step in model.steps}
    index = _step_index(model)
    rounds = sorted({e.round for e in saved.events})
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= game.rounds, rounds
    assert saved.state.round == game.rounds + 1  # the harness saves as the next round begins
    assert {e.player for e in saved.events} - {None} <= model.player_names()
    previous: tuple[int, int] = (0, -1)
    acting = {e.player for e in saved.events if isinstance(e, ev.StepStart)} - {None}
    assert len(acting) >= 2, acting
    for event in saved.events:
        assert event.step in steps, f"step {event.step!r} is not in the compiled sequence"
        step = steps[event.step]
        if isinstance(event, (ev.StepStart, ev.Purchase, ev.Move, ev.Place)) and event.player is not None:
            assert event.player == step.player, event  # others (e.g. a loss of PUs) may name anyone
        if isinstance(event, ev.StepStart):
            assert event.delegate == step.delegate, event
            position = (event.round, index[event.step])
            assert position > previous, f"{event.step} of round {event.round} out of order"
            previous = position


@pytest.mark.parametrize("name", NAMES)
def test_moves_follow_the_compiled_connections(games: dict[str, Game], name: str) -> None:
    game, saved = played(games, name)
    neighbours = {frozenset((c.t1, c.t2)) for c in game.model.connections}
    moves = [e for e in saved.events if isinstance(e, ev.Move)]
    assert moves, "the AI moved nothing"
    unit_types = set(game.model.unit_types)
    for move in moves:
        assert len(move.route) >= 2 and move.units, move
        assert {s.type for s in move.units} <= unit_types
        for a, b in zip(move.route, move.route[1:], strict=False):
            assert frozenset((a, b)) in neighbours, f"{a} -> {b} is no connection ({move})"


def _stacks(board: Board, territory: str) -> dict[tuple[str, str], int]:
    return {key: n for key, n in board.units.get(territory, {}).items() if n}


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_history_reaches_the_saved_state(games: dict[str, Game], name: str) -> None:
    """The reference engine replays the save's events from the compiled start to the saved board."""
    game, saved = played(games, name)
    world = build_world(game.model)
    assert world.initial is not None
    board = Board(world)
    for event in saved.events:
        board.push(event)
    expected = Board.from_state(saved.state)
    owned = {t: o for t, o in board.owners.items() if o is not None}
    assert owned == {t: o for t, o in expected.owners.items() if o is not None}
    wallets = {p: {r: n for r, n in w.items() if n} for p, w in board.resources.items()}
    saved_wallets = {p: {r: n for r, n in w.items() if n} for p, w in expected.resources.items()}
    assert {p: w for p, w in wallets.items() if w} == {p: w for p, w in saved_wallets.items() if w}
    differ = {t for t in set(board.units) | set(expected.units) if _stacks(board, t) != _stacks(expected, t)}
    assert not differ, {t: (_stacks(board, t), _stacks(expected, t)) for t in sorted(differ)}


def check_save(save: Path, spec: Path) -> tuple[int, list[dict[str, Any]], str]:
    result = CliRunner().invoke(main, ["check-save", str(save), "--spec", str(spec), "--format", "json"])
    assert result.exit_code in (0, 1), f"exit {result.exit_code}: {result.stderr or result.output}"
    violations = [{"rule": p["code"], "message": p["message"], "line": p["line"] or None, **p["when"]}
                  for p in json.loads(result.stdout)["problems"]]
    assert result.exit_code == (1 if violations else 0)
    return result.exit_code, violations, result.stderr


def _turns(saved: SaveGame) -> set[tuple[int, str | None, str | None]]:
    return {(e.round, e.player, e.step) for e in saved.events}


@pytest.mark.parametrize("name", NAMES)
def test_check_save_reports_rules_of_the_spec_at_turns_of_the_history(games: dict[str, Game], name: str) -> None:
    game, saved = played(games, name)
    assert game.save is not None
    _, violations, _ = check_save(game.save, game.spec)
    game.violations = len(violations)
    game.rules_broken = _by_rule(violations)
    rule_ids = {str(r.id) for r in _spec_house_rules(game.spec)}
    turns = _turns(saved)
    steps = {(r, s) for r, _, s in turns}
    for v in violations:
        assert set(v) >= {"rule", "round", "player", "step", "message"}
        assert v["rule"] in rule_ids, v
        assert v["message"]
        if v["player"] is None:
            assert (v["round"], v["step"]) in steps, v
        else:
            assert (v["round"], v["player"], v["step"]) in turns, v


def _spec_house_rules(spec: Path) -> list[Any]:
    from compiler.spec import load_spec

    return list(load_spec(spec).house_rules)


@pytest.fixture(scope="module")
def broken_rules_spec(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """two_fronts with house rules the AI is sure to break (it buys infantry and moves units)."""
    path = tmp_path_factory.mktemp("broken-rules") / "two_fronts_broken_rules.yaml"
    path.write_text((ROOT / "specs" / "two_fronts.yaml").read_text(encoding="utf-8") + BROKEN_RULES,
                    encoding="utf-8")
    return path


def test_check_save_reports_broken_house_rules_where_the_history_shows_them(
        games: dict[str, Game], broken_rules_spec: Path) -> None:
    game, saved = played(games, "two_fronts")
    assert game.save is not None and game.compiled.xml is not None
    variant = compile_spec(broken_rules_spec, "1.9")
    assert variant.xml is not None, variant.problems
    # House rules are the reference engine's business: the game TripleA played is the same one.
    assert variant.xml.split("\n", 3)[3] == game.compiled.xml.split("\n", 3)[3]

    code, violations, _ = check_save(game.save, broken_rules_spec)
    assert code == 1
    VARIANT_ROWS.append((f"{game.name}+broken_rules", game.rounds, len(saved.events), violations,
                         "the two_fronts save, checked with build-limit and move-limit added"))

    # build-limit: every turn's first purchase (every player owns infantry all along).
    purchases = [e for e in saved.events if isinstance(e, ev.Purchase)]
    assert purchases, "the AI bought nothing"
    first_purchases: dict[tuple[int, str | None], ev.Purchase] = {}
    for p in purchases:
        first_purchases.setdefault((p.round, p.player), p)
    expected_builds = [(p.round, p.player, p.step) for p in first_purchases.values()]
    builds = [v for v in violations if v["rule"] == "build-limit"]
    assert [(v["round"], v["player"], v["step"]) for v in builds] == expected_builds
    for v, p in zip(builds, first_purchases.values(), strict=True):
        owned = sum(s.count for e in [p] for s in e.units if s.type == "infantry")
        assert "the limit is 0" in v["message"] and v["message"].startswith(f"{p.player} would have ")
        assert int(v["message"].split()[3]) >= owned

    # move-limit: every move of the Easterners; with `phase: any` each move phase of a turn is limited
    # on its own, so the first move of each phase (combat, then non-combat) names its unit count.
    moves = [e for e in saved.events if isinstance(e, ev.Move) and e.units[0].owner == "Easterners"]
    assert moves, "the Easterners moved nothing"
    limited = [v for v in violations if v["rule"] == "move-limit"]
    assert [(v["round"], v["player"], v["step"]) for v in limited] == [(m.round, "Easterners", m.step) for m in moves]
    seen: set[tuple[int, str | None]] = set()
    for v, m in zip(limited, moves, strict=True):
        if (m.round, m.step) not in seen:
            seen.add((m.round, m.step))
            assert v["message"].startswith(f"Easterners has moved {sum(s.count for s in m.units)} units")
        else:
            assert v["message"].startswith("Easterners moves more units")
    assert {v["rule"] for v in violations} == {"build-limit", "move-limit"}


def test_two_fronts_is_played(games: dict[str, Game]) -> None:
    game = games["two_fronts"]
    assert game.save is not None, game.failure
    assert game.seconds < PLAY_TIMEOUT


def test_compiled_boolean_properties_carry_their_type_for_19(games: dict[str, Game]) -> None:
    """Known bug: a plain `Two hit battleship: false` property compiles to <property value="false"/>
    without <boolean/>; TripleA 1.9 keeps it as a String and its InitializationDelegate fails with
    ClassCastException, so the game never starts. The games above are played with the type added."""
    untyped = {g.name: g.untyped_booleans for g in games.values() if g.untyped_booleans}
    assert not untyped, f"boolean properties without <boolean/> (TripleA 1.9 cannot start): {untyped}"


@pytest.mark.parametrize("spec", NEEDS_2X, ids=[s.stem for s in NEEDS_2X])
def test_specs_triplea_19_cannot_play_name_the_2x_feature(spec: Path) -> None:
    errors = [p.message for p in compiled_19(spec).problems if p.is_error]
    assert errors and all("2.x" in message for message in errors), errors
