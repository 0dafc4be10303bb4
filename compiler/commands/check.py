"""`triplea-compiler check-log` and `check-save`: replay a game and report broken house rules.

check-save refuses (exit 2) a save of another game than the one given, and a save whose history,
replayed from the game's start, does not reach the saved state: then the verdicts could be wrong.

The game (map, players, alliances, units) comes from `--spec SPEC` (whose `house_rules` apply) or
`--game XML`; `--rule ID[:JSON]` adds house rules (repeatable). A log may name its own spec or XML.
Exit status: 0 no violation, 1 violations found, 2 bad invocation or unreadable input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from compiler.engine.check import ReplayDiverged, check_events
from compiler.engine.events import EventBase
from compiler.engine.replay import Violation
from compiler.engine.rules import RuleError
from compiler.engine.state import GameState
from compiler.model import GameModel
from compiler.problems import InputError, Location, Problem, ProblemsFound

FORMATS = click.Choice(["text", "json"])


@dataclass
class Game:
    """The game model to check against and the house rules that apply."""

    model: GameModel
    rules: list[dict[str, Any]] = field(default_factory=list)
    rule_locs: list[Location] = field(default_factory=list)


def parse_rule_option(text: str) -> dict[str, Any]:
    """`ID` or `ID:{json params}` -> a house rule entry."""
    rule_id, _, params = text.partition(":")
    entry: dict[str, Any] = {"id": rule_id.strip()}
    if params.strip():
        try:
            data = json.loads(params)
        except json.JSONDecodeError as err:
            raise InputError(f"--rule {rule_id}: parameters are not JSON: {err.msg}", code="bad-rule") from None
        if not isinstance(data, dict):
            raise InputError(f"--rule {rule_id}: parameters must be a JSON object", code="bad-rule")
        if "id" in data:
            raise InputError(f"--rule {rule_id}: `id` is not a parameter", code="bad-rule")
        entry.update(data)
    return entry


def load_game_xml(path: Path) -> GameModel:
    from compiler.xml.parse import parse_file

    result = parse_file(path)
    errors = [p for p in result.problems if p.is_error]
    if errors:
        raise ProblemsFound(errors)
    return result.model


def load_game_spec(path: Path) -> Game:
    try:
        from compiler.lower import lower_spec
        from compiler.spec import load_spec
    except ImportError as err:  # pragma: no cover - only while the spec language is missing
        raise InputError(f"specs cannot be read yet ({err}); use --game XML", Location(str(path))) from None
    spec = load_spec(path)
    lowered = lower_spec(spec)
    model, problems = lowered if isinstance(lowered, tuple) else (lowered, [])
    errors = [p for p in problems if p.is_error]
    if errors:
        raise ProblemsFound(errors)
    rules, locs = [], []
    for i, hr in enumerate(spec.house_rules):
        data = hr.model_dump() if hasattr(hr, "model_dump") else dict(hr)
        data.update(getattr(hr, "model_extra", None) or {})
        rules.append(data)
        locs.append(spec.where("house_rules", i) if hasattr(spec, "where") else Location(str(path)))
    return Game(model, rules, locs)


def resolve_game(spec: Path | None, game: Path | None, rules: tuple[str, ...],
                 log_spec: Path | None = None, log_xml: Path | None = None) -> Game:
    """The game and house rules from the options (else from the log's own spec/xml)."""
    if spec and game:
        raise InputError("give --spec or --game, not both", code="bad-invocation")
    spec = spec or (None if game else log_spec)
    game = game or (None if spec else log_xml)
    if spec:
        result = load_game_spec(spec)
    elif game:
        result = Game(load_game_xml(game))
    else:
        raise InputError("which game? give --spec SPEC or --game XML", code="bad-invocation")
    for text in rules:
        result.rules.append(parse_rule_option(text))
        result.rule_locs.append(Location())
    return result


def run_check(game: Game, initial: GameState | None, events: list[EventBase], path: str,
              expected: GameState | None = None) -> list[Violation]:
    """The violations of the game's house rules; with `expected` (a save's state) the replay must reach it."""
    try:
        return check_events(game.model, game.rules, initial, events, path, expected)
    except ReplayDiverged as err:
        raise InputError(str(err), Location(path), "save-unsupported-content") from None
    except RuleError as err:
        loc = game.rule_locs[err.index] if err.index < len(game.rule_locs) else Location()
        if not loc.path:
            raise InputError(f"--rule {err.rule_id}: {err.detail}", code="bad-rule") from None
        raise InputError(str(err), loc, "bad-rule") from None


def report(violations: list[Violation], fmt: str) -> None:
    if fmt == "json":
        click.echo(json.dumps({"violations": [v.as_dict() for v in violations]}, indent=2))
    else:
        for v in violations:
            click.echo(str(v))
        if violations:
            click.echo(f"{len(violations)} violation(s)", err=True)


def located(problem: Problem) -> str:
    """`path:line:col: error: message [code]`, leaving out what is unknown."""
    loc = problem.location
    where = str(loc) if loc.line else loc.path
    prefix = f"{where}: " if where else ""
    return f"{prefix}{problem.severity}: {problem.message} [{problem.code}]"


def guarded(work: Callable[[], list[Violation]], fmt: str) -> None:
    """Run a check; print violations; exit 0/1, or 2 with located errors for bad input."""
    try:
        violations = work()
    except InputError as err:
        click.echo(located(err.as_problem()), err=True)
        sys.exit(2)
    except ProblemsFound as err:
        for problem in err.problems:
            click.echo(located(problem), err=True)
        sys.exit(2)
    report(violations, fmt)
    sys.exit(1 if violations else 0)


_common = [
    click.option("--spec", type=click.Path(dir_okay=False, path_type=Path), help="variant spec (YAML)"),
    click.option("--game", type=click.Path(dir_okay=False, path_type=Path), help="game XML instead of a spec"),
    click.option("--rule", "rules", multiple=True, metavar="ID[:JSON]", help="add a house rule (repeatable)"),
    click.option("--format", "fmt", type=FORMATS, default="text", show_default=True),
]


def _options(fn: Callable) -> Callable:
    for option in reversed(_common):
        fn = option(fn)
    return fn


@click.command("check-log")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@_options
def check_log_command(log: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...], fmt: str) -> None:
    """Replay a game LOG (YAML or JSON) and report broken house rules."""
    from compiler.engine.log import apply_initial, load_log

    def work() -> list[Violation]:
        game_log = load_log(log)
        chosen = resolve_game(spec, game, rules, game_log.spec, game_log.xml)
        from compiler.engine.world import build_world

        world = build_world(chosen.model)
        assert world.initial is not None
        initial = apply_initial(world.initial, game_log.initial)
        return run_check(chosen, initial, game_log.events, str(log))

    guarded(work, fmt)


@click.command("check-save")
@click.argument("save", type=click.Path(dir_okay=False, path_type=Path))
@_options
def check_save_command(save: Path, spec: Path | None, game: Path | None, rules: tuple[str, ...], fmt: str) -> None:
    """Replay the history of a TripleA SAVE (.tsvg) and report broken house rules."""

    def work() -> list[Violation]:
        try:
            from compiler.saves import read_save
        except ImportError as err:  # pragma: no cover - only while the save reader is missing
            raise InputError(f"save games cannot be read yet ({err})", Location(str(save))) from None
        chosen = resolve_game(spec, game, rules)
        saved = read_save(save)
        name = chosen.model.info.name
        if saved.state.game != name:
            raise InputError(f"a save of {saved.state.game!r} cannot be checked against {name!r}: give the spec or "
                             "XML of the game that was played", Location(str(save)), "bad-invocation")
        return run_check(chosen, None, list(saved.events), str(save), saved.state)

    guarded(work, fmt)
