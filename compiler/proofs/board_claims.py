"""Claims about the play engine (compiler/ava) of a spec's `board_game:` section: one function per kind.

- `board_game`: the section's values by key path (what the engine is configured to play);
- `formula`: a formula of compiler/ava/rules.py run on the spec's units and costs with given inputs;
- `play`: a short scripted situation played by compiler/ava/game.py, and its outcome.

Each function takes the claim and the section (BoardGame) and yields what the engine says otherwise
(nothing when the claim holds). `CHECKS` maps each claim class to its function; compiler/proofs/rows.py
walks a row's claims through it as it does game_claims.CHECKS.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from compiler.ava import rules
from compiler.ava.game import Game, PlayerState
from compiler.ava.match import make_player
from compiler.ava.players import Player
from compiler.ava.progress import Progress
from compiler.ava.script import ScriptedPlayer, counts_of, named_counts
from compiler.proofs.values import as_text
from compiler.spec import claims as c
from compiler.spec.board_game import SIDES, BoardGame, Card, SideName

# ---- board_game: values by key path -------------------------------------------------------------------

_SEGMENT = re.compile(r"^(?P<key>[^\[\]]*)(?:\[(?P<field>[^=\]]+)=(?P<value>[^\]]*)\])?$")


class PathError(ValueError):
    """A key path that does not lead to a value of the section."""


def _key(value: Any, key: str, path: str) -> Any:
    if isinstance(value, dict):
        if key not in value:
            raise PathError(f"{path}: no key {key!r} (keys: {', '.join(map(str, value)) or 'none'})")
        return value[key]
    if isinstance(value, list):
        if key.isdigit():
            if int(key) >= len(value):
                raise PathError(f"{path}: no item {key} (the list has {len(value)})")
            return value[int(key)]
        for item in value:
            if isinstance(item, dict) and item.get("name") == key:
                return item
        raise PathError(f"{path}: no item named {key!r}")
    raise PathError(f"{path}: {value!r} has no key {key!r}")


def _step(value: Any, segment: str, path: str) -> tuple[Any, bool]:
    """One segment applied to one value: (the new value, whether it is a filtered list of items)."""
    if segment == "#":
        if not isinstance(value, list | dict):
            raise PathError(f"{path}: # counts a list, not {value!r}")
        return len(value), False
    found = _SEGMENT.match(segment)
    if found is None or not (found["key"] or found["field"]):
        raise PathError(f"{path}: {segment!r} is not a key, `key[field=value]` or #")
    if found["key"]:
        value = _key(value, found["key"], path)
    if found["field"] is None:
        return value, False
    if not isinstance(value, list):
        raise PathError(f"{path}: [{found['field']}={found['value']}] filters a list, not {value!r}")
    kept = [item for item in value if isinstance(item, dict) and item.get(found["field"]) is not None
            and as_text(item[found["field"]]) == found["value"]]
    return kept, True


def resolve(data: Any, path: str) -> Any:
    """The value at `path` in `data` (the section as plain data); raises PathError when there is none."""
    value, many = data, False
    for segment in path.split("."):
        if segment == "*":  # every item (every value of a mapping)
            if not isinstance(value, list | dict) or many:
                raise PathError(f"{path}: * takes the items of one list or mapping")
            value, many = list(value.values()) if isinstance(value, dict) else list(value), True
        elif many and segment == "#":  # count the items kept
            value, many = len(value), False
        elif many and segment.startswith("["):  # filter the items kept
            value = _step(value, segment, path)[0]
        elif many:
            value = [_step(item, segment, path)[0] for item in value]
        else:
            value, many = _step(value, segment, path)
    return value


def same_value(found: Any, expected: Any) -> bool:
    """Equal as data: numbers by value (floats to 1e-9), lists item by item, mappings key by key."""
    if isinstance(expected, bool) or isinstance(found, bool):
        return found is expected
    if isinstance(expected, int | float) and isinstance(found, int | float):
        return math.isclose(found, expected, rel_tol=0, abs_tol=1e-9)
    if isinstance(expected, list) and isinstance(found, list):
        return len(found) == len(expected) and all(same_value(f, e) for f, e in zip(found, expected, strict=True))
    if isinstance(expected, dict) and isinstance(found, dict):
        return found.keys() == expected.keys() and all(same_value(found[k], expected[k]) for k in expected)
    return bool(found == expected)


def board_game(claim: c.BoardGameClaim, cfg: BoardGame) -> Iterator[str]:
    data = cfg.model_dump(mode="json")
    for path, expected in claim.board_game.items():
        try:
            found = resolve(data, path)
        except PathError as err:
            yield f"board_game {err}"
            continue
        if not same_value(found, expected):
            yield f"board_game {path} is {found!r}, the proof says {expected!r}"


# ---- formula: an engine formula with given inputs -------------------------------------------------------

FORMULAS: dict[str, Callable[..., Any]] = {f.__name__: f for f in (
    rules.invade_power, rules.support_power, rules.defence_power, rules.treaty_cost, rules.strategic_move_cost,
    rules.ransom_cost, rules.penalty_power, rules.penalty_losses, rules.open_modes,
)}
"""The document's formulas as the play engine computes them (compiler/ava/rules.py)."""


def _arguments(fn: Callable[..., Any], args: Mapping[str, Any], cfg: BoardGame) -> dict[str, Any]:
    """The formula's parameters: the spec's units, costs and modes, an army as counts, the rest as given."""
    params = inspect.signature(fn).parameters
    extra = sorted(set(args) - set(params))
    if extra:
        raise ValueError(f"no parameter {extra[0]!r} (it takes {', '.join(params)})")
    bound: dict[str, Any] = {}
    for name in params:
        if name == "units":
            bound[name] = cfg.units
        elif name == "costs":
            bound[name] = cfg.costs
        elif name == "modes":
            bound[name] = list(cfg.modes)
        elif name not in args:
            raise ValueError(f"give {name!r}")
        elif name == "army":
            bound[name] = counts_of(args[name], cfg.units)
        else:
            bound[name] = args[name]
    return bound


def formula(claim: c.FormulaClaim, cfg: BoardGame) -> Iterator[str]:
    f = claim.formula
    fn = FORMULAS.get(f.name)
    if fn is None:
        yield f"formula {f.name}: not a formula of the play engine (formulas: {', '.join(FORMULAS)})"
        return
    try:
        found = fn(**_arguments(fn, f.args, cfg))
        expected = counts_of(f.gives, cfg.units) if isinstance(f.gives, dict) else f.gives
    except (ValueError, TypeError) as err:
        yield f"formula {f.name}: {err}"
        return
    if not same_value(found, expected):
        shown = named_counts(found, cfg.units) if isinstance(found, list) else found
        yield f"formula {f.name}({_shown(f.args)}) gives {shown!r}, the proof says {f.gives!r}"


def _shown(args: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


# ---- play: a scripted situation of the engine ------------------------------------------------------------

def _player(answers: c.Decisions | str | None, cfg: BoardGame) -> Player:
    if isinstance(answers, str):
        if answers not in cfg.ais:
            raise ValueError(f"no AI {answers!r} in the spec (AIs: {', '.join(cfg.ais)})")
        return make_player(cfg, answers)
    a = answers or c.Decisions()
    return ScriptedPlayer(cfg.units, prefer=a.prefer, step=a.step, recruit=a.recruit, deploy=a.deploy,
                          force=a.force, use_cards=a.use_cards, ransom=a.ransom, token=a.token)


def _space(cfg: BoardGame, name: str) -> int:
    try:
        return cfg.space_index(name)
    except KeyError:
        raise ValueError(f"no space {name!r} on the board") from None


def _card(cfg: BoardGame, name: str) -> Card:
    try:
        return cfg.card(name)
    except KeyError:
        raise ValueError(f"no card {name!r} in the spec") from None


def _set_side(game: Game, me: PlayerState, given: c.SideFacts) -> None:
    cfg = game.cfg
    if given.money is not None:
        me.money = given.money
    if given.army is not None:
        me.army = counts_of(given.army, cfg.units)
    if given.position is not None:
        me.position = _space(cfg, given.position)
    for name in ("token", "treaties", "strategic_moves", "jailed", "in_jail"):
        if getattr(given, name) is not None:
            setattr(me, name, getattr(given, name))
    if given.cards is not None:
        me.cards = [_card(cfg, name) for name in given.cards]


def situation(facts: c.PlayFacts, cfg: BoardGame) -> Game:
    """The game of the claim, started, its `given` state set and its actions done."""
    if facts.mode not in cfg.modes:
        raise ValueError(f"no mode {facts.mode!r} (modes: {', '.join(cfg.modes)})")
    players = {side: _player(facts.players.get(side), cfg) for side in SIDES}
    game = Game(cfg, facts.mode, players, facts.seed, victory=facts.victory, jail_limit=facts.jail_limit,
                turn_limit=facts.turn_limit, spins=facts.given.spins)
    game.start()
    given = facts.given
    for side in SIDES:
        side_facts = getattr(given, side)
        if side_facts is not None:
            _set_side(game, game.state[side], side_facts)
    for name, owner in given.owners.items():
        game.owner[_space(cfg, name)] = owner
    for name, army in given.defence.items():
        game.defence[_space(cfg, name)] = counts_of(army, cfg.units)
    for action in facts.do:
        if game.over is not None:
            break
        _act(game, action)
    return game


def _act(game: Game, action: c.PlayAction) -> None:
    cfg = game.cfg
    if action.turn is not None:
        game.turn(action.turn)
        return
    if action.rounds is not None:
        for _ in range(action.rounds):
            if game.over is not None:
                return
            game.play_round()
        return
    assert action.side is not None  # PlayAction's validator
    me, player = game.state[action.side], game.players[action.side]
    if action.land is not None:
        me.position = _space(cfg, action.land)
        game.land(me, player, me.position)
    elif action.card is not None:
        game.receive(me, _card(cfg, action.card))
    elif action.draw is not None:
        for _ in range(action.times):
            game.draw(me, action.draw)


def _differs(what: str, found: Any, expected: Any) -> Iterator[str]:
    if not same_value(found, expected):
        yield f"play: {what} is {found!r}, the proof says {expected!r}"


def _army(army: Mapping[str, int], cfg: BoardGame) -> dict[str, int]:
    """An army a proof names, as the engine names one: unknown units refused, units with none left out."""
    return named_counts(counts_of(army, cfg.units), cfg.units)


def _side_outcome(game: Game, side: SideName, then: c.SideOutcome) -> Iterator[str]:
    cfg, me = game.cfg, game.state[side]
    if then.money is not None:
        yield from _differs(f"{side} money", me.money, then.money)
    if then.army is not None:
        yield from _differs(f"{side} army", named_counts(me.army, cfg.units), _army(then.army, cfg))
    if then.position is not None:
        yield from _differs(f"{side} position", cfg.board[me.position].name, then.position)
    for name in ("token", "treaties", "strategic_moves", "jailed", "in_jail"):
        if getattr(then, name) is not None:
            yield from _differs(f"{side} {name}", getattr(me, name), getattr(then, name))
    if then.cards is not None:
        yield from _differs(f"{side} cards", [card.name for card in me.cards], then.cards)
    if then.drawn is not None:
        yield from _differs(f"{side} drawn", {name: me.drawn.count(name) for name in then.drawn}, then.drawn)
    if then.offered is not None:
        player = game.players[side]
        offered = player.offered if isinstance(player, ScriptedPlayer) else None
        yield from _differs(f"{side} offered", offered, then.offered)
    if then.territories is not None:
        yield from _differs(f"{side} territories", len(game.owned(side)), then.territories)
    if then.income is not None:
        money, units = game.income(side)
        found = {"money": money, **named_counts(units, cfg.units)}
        expected = {"money": then.income.get("money", 0),
                    **_army({k: v for k, v in then.income.items() if k != "money"}, cfg)}
        yield from _differs(f"{side} income", found, expected)


def _outcome(game: Game, then: c.PlayOutcome, progress: int) -> Iterator[str]:
    cfg = game.cfg
    for side in SIDES:
        side_then = getattr(then, side)
        if side_then is not None:
            yield from _side_outcome(game, side, side_then)
    for name, owner in then.owners.items():
        yield from _differs(f"owner of {name}", game.owner[_space(cfg, name)], owner)
    for name, army in then.defence.items():
        found = named_counts(game.defence[_space(cfg, name)], cfg.units)
        yield from _differs(f"defence of {name}", found, _army(army, cfg))
    for name, power in then.defence_power.items():
        yield from _differs(f"defence power of {name}", game.defence_power(_space(cfg, name)), power)
    winner, end = (game.over[0], game.over[1]) if game.over else (None, "none")
    if then.winner is not None:
        yield from _differs("winner", winner or "none", then.winner)
    if then.end is not None:
        yield from _differs("end", end, then.end)
    if then.round is not None:
        yield from _differs("round", game.round, then.round)
    if then.unlocks is not None:
        kinds: dict[str, str] = {side: game.players[side].kind for side in SIDES}
        opened = Progress(progress).record(cfg, winner, kinds)
        yield from _differs("mode unlocked", opened or "none", then.unlocks)


def play(claim: c.PlayClaim, cfg: BoardGame) -> Iterator[str]:
    try:
        game = situation(claim.play, cfg)
        yield from list(_outcome(game, claim.play.then, claim.play.given.progress))
    except ValueError as err:
        yield f"play: {err}"


Check = Callable[[Any, BoardGame], Iterator[str]]

CHECKS: dict[type[c.Claim], Check] = {
    c.BoardGameClaim: board_game,
    c.FormulaClaim: formula,
    c.PlayClaim: play,
}
"""claim class -> what checks it against the spec's play engine."""
