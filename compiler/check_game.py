"""The check-log and check-save pipelines: choose the game, add `--rule` house rules, replay, judge.

Each returns the broken house rules as Problems (code: the rule's id; `when`: round, player, step)
and raises InputError (exit status 2) for input it cannot judge: no game or two, an unusable house
rule, a save of another game, a history that does not replay to its saved state.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.limits import load_json
from compiler.load import HouseRuleEntry, LoadedGame, load_game
from compiler.problems import InputError, Location, Problem, Severity

LEAGUE_OTHER_GAME = "league-other-game"

if TYPE_CHECKING:
    from collections.abc import Callable

    from compiler.engine.events import EventBase
    from compiler.engine.schedule import Schedule
    from compiler.engine.state import GameState
    from compiler.engine.world import World
    from compiler.league import League


class Judged(list[Problem]):
    """The problems of a check (broken rules after the input's own warnings), how many house rules it checked,
    whether it was left unchecked (a save of a game its league does not play), and the game's name ("" when
    not known)."""

    def __init__(self, problems: list[Problem], rules: int, skipped: bool = False, game: str = "") -> None:
        super().__init__(problems)
        self.rules = rules
        self.skipped = skipped
        self.game = game


def parse_rule_option(text: str) -> HouseRuleEntry:
    """`ID` or `ID:{json params}` (the `--rule` option) -> a house rule entry."""
    rule_id, _, params = text.partition(":")
    entry: dict[str, Any] = {"id": rule_id.strip()}
    if params.strip():
        try:  # under the input limits (compiler/limits.py), as every reader
            data = load_json(params, "--rule", "bad-rule", "JSON")
        except InputError as err:
            said = "are not JSON" if err.code == "bad-rule" else "are refused"
            reason = err.message.removeprefix("malformed JSON: ")
            raise InputError(f"--rule {rule_id}: parameters {said}: {reason}", code=err.code) from None
        if not isinstance(data, dict):
            raise InputError(f"--rule {rule_id}: parameters must be a JSON object", code="bad-rule")
        if "id" in data:
            raise InputError(f"--rule {rule_id}: `id` is not a parameter", code="bad-rule")
        entry.update(data)
    return HouseRuleEntry(entry)


def choose_game(spec: Path | None, game: Path | None, rules: tuple[str, ...] = (),
                log_spec: Path | None = None, log_xml: Path | None = None) -> LoadedGame:
    """The game of `--spec` or `--game` (else of the log's own `spec:`/`xml:`), without errors, with
    the `--rule` house rules after the spec's own."""
    if spec and game:
        raise InputError("give --spec or --game, not both", code="bad-invocation")
    spec = spec or (None if game else log_spec)
    game = game or (None if spec else log_xml)
    if spec:
        chosen = load_game(spec)
    elif game:
        chosen = load_game(game)
        chosen.house_rules = []  # a game XML carries no house rules (only a spec names them)
    else:
        raise InputError("which game? give --spec SPEC or --game XML", code="bad-invocation")
    chosen.require_clean()
    chosen.house_rules = [*chosen.house_rules, *(parse_rule_option(text) for text in rules)]
    return chosen


def judge(game: LoadedGame, initial: GameState | None, events: list[EventBase], path: str,
          expected: GameState | None = None, world: World | None = None, strict: bool = False) -> list[Problem]:
    """The broken house rules of `events`, replayed with the spec's scheduled triggers (a game XML has
    none); with `expected` (a save's state) the replay must reach it. `world`: the game's world when the
    caller has built it already. `strict` (a game log): an event naming what the game lacks, or moving units
    that are not there, is refused at its line (bad-event)."""
    from compiler.engine.schedule import Schedule
    from compiler.engine.world import build_world

    world = world or build_world(game.model)
    spec = game.spec
    return replay(world, game.house_rules, initial, events, path, expected,
                  (lambda: Schedule.of(spec.politics, game.model, world)) if spec is not None else None, strict)


def replay(world: World, house_rules: list[HouseRuleEntry], initial: GameState | None, events: list[EventBase],
           path: str, expected: GameState | None = None, schedule: Callable[[], Schedule] | None = None,
           strict: bool = False) -> list[Problem]:
    """`events` replayed in `world` from `initial` (None: the world's start) under `house_rules` (see judge);
    InputError for what cannot be judged."""
    from compiler.engine.check import ReplayDiverged, check_events
    from compiler.engine.fit import EventMisfit
    from compiler.engine.rules import RuleError
    from compiler.engine.schedule import ScheduleError
    from compiler.engine.takeover import TakeoverError

    try:
        return check_events(world, [r.data for r in house_rules], initial, events, path, expected,
                            schedule() if schedule is not None else None, strict=strict)
    except (ScheduleError, TakeoverError) as err:
        raise InputError(f"the spec's politics.schedule: {err}", Location(path), "bad-schedule") from None
    except ReplayDiverged as err:
        raise InputError(str(err), Location(path), "replay-diverged") from None
    except EventMisfit as err:
        kind = getattr(err.event, "type", "")
        raise InputError(f"bad {kind} event (event {err.number}): {err.reason}", Location(path, err.event.line or 0),
                         "bad-event") from None
    except RuleError as err:
        loc = house_rules[err.index].location if err.index < len(house_rules) else Location()
        if not loc.path:
            raise InputError(f"--rule {err.rule_id}: {err.detail}", code="bad-rule") from None
        raise InputError(str(err), loc, "bad-rule") from None


def check_log(log: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...]) -> Judged:
    """The broken house rules of a game log (YAML or JSON), replayed from its game's start."""
    from compiler.engine.log import apply_initial, load_log
    from compiler.engine.world import build_world

    game_log = load_log(log)
    chosen = choose_game(spec, game, rules, game_log.spec, game_log.xml)
    world = build_world(chosen.model)
    assert world.initial is not None
    return Judged(judge(chosen, apply_initial(world.initial, game_log.initial), game_log.events, str(log),
                        world=world, strict=True), len(chosen.house_rules))


def check_save(save: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...],
               force: bool = False, league: League | None = None) -> Judged:
    """The broken house rules of a TripleA save's history, after the save's own warnings (a release newer than the
    tool knows, or one it does not know). The game is the one the save carries, unless `spec` or `game` names it:
    then a save of another game is refused (unless `force`: then the replay must still reach the saved state).
    `league`: its rules apply too (after the spec's, before `rules`), and a save of a game it does not play is
    left unchecked with a warning."""
    from compiler.saves import read_save

    extra = list(league.rules) if league is not None else []
    if spec is None and game is None:
        saved = read_save(save, world=True)
        if league is not None and not league.applies_to(saved.state.game):
            return _other_game(save, saved.state.game, league)
        assert saved.world is not None
        entries = [*extra, *(parse_rule_option(text) for text in rules)]
        return Judged([*saved.notes, *replay(saved.world, entries, None, list(saved.events), str(save), saved.state)],
                      len(entries), game=saved.state.game)
    chosen = choose_game(spec, game)
    chosen.house_rules = [*chosen.house_rules, *extra, *(parse_rule_option(text) for text in rules)]
    saved = read_save(save)
    name = chosen.model.info.name
    if saved.state.game != name and not force:
        raise InputError(f"a save of {saved.state.game!r} cannot be checked against {name!r}: give the spec or "
                         "XML of the game that was played (or --force when it is the same game renamed)",
                         Location(str(save)), "save-other-game")
    if league is not None and not league.applies_to(saved.state.game):
        return _other_game(save, saved.state.game, league)
    from compiler.engine.world import build_world
    from compiler.saves.options import played_values

    world = build_world(chosen.model)
    world.options = played_values(saved.options)  # what was played, not what the XML starts from
    return Judged([*saved.notes, *judge(chosen, None, list(saved.events), str(save), saved.state, world)],
                  len(chosen.house_rules), game=saved.state.game)


def _other_game(save: Path, played: str, league: League) -> Judged:
    """A save its league does not judge: a warning, nothing checked."""
    return Judged([Problem(LEAGUE_OTHER_GAME, f"a save of {played!r}, which league {league.name} does not play "
                                              f"({', '.join(league.games)}): not checked", Location(str(save)),
                           Severity.WARNING)], 0, skipped=True, game=played)
