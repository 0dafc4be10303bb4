"""The game state held in a save's GameData: round, step, owners, units, resources, relationships."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from compiler.engine.state import GameState, UnitStack
from compiler.saves.java import SaveFormatError, get, items, mapping, name_of, need, number, text


def player_names(game_data: Any) -> list[str]:
    """The declared players, in the game's order (the 'null player' Neutral is not one of them)."""
    players = mapping(need(need(game_data, "playerList"), "players"))
    return [n for n in (name_of(k) or name_of(v) for k, v in players.items()) if n]


def unit_type_name(unit: Any) -> str:
    """The unit type name of a Unit."""
    name = name_of(need(unit, "type"))
    if name is None:
        raise SaveFormatError("a unit has no type name")
    return name


def unit_owner_name(unit: Any) -> str:
    """The owner name of a Unit (the null player is 'Neutral', as TripleA calls it)."""
    return name_of(get(unit, "owner")) or "Neutral"


def stacks(units: list[Any], owner_of: Callable[[Any], str] = unit_owner_name) -> list[UnitStack]:
    """Units grouped into stacks by (type, owner), in order of first appearance."""
    counts: Counter[tuple[str, str]] = Counter()
    for unit in units:
        counts[(unit_type_name(unit), owner_of(unit))] += 1
    return [UnitStack(type=t, owner=o, count=c) for (t, o), c in counts.items()]


def sorted_stacks(units: list[Any]) -> list[UnitStack]:
    """Stacks sorted by owner then type, for stable comparisons and output."""
    return sorted(stacks(units), key=lambda s: (s.owner, s.type))


def _resources(collection: Any) -> dict[str, int]:
    amounts = mapping(need(collection, "resources"))
    return {name_of(r) or "?": number(v) for r, v in amounts.items()}


def _relationships(game_data: Any, players: set[str]) -> dict[str, str]:
    tracker = get(game_data, "relationships", "relationshipTracker")
    result: dict[str, str] = {}
    for pair, relation in mapping(get(tracker, "relationships")).items():
        one = name_of(get(pair, "player1", "p1"))
        two = name_of(get(pair, "player2", "p2"))
        kind = name_of(get(relation, "relationshipType"))
        if one in players and two in players and one != two and kind:
            result[GameState.pair(one, two)] = kind
    return dict(sorted(result.items()))


def current_step(game_data: Any) -> tuple[int, str | None, str | None]:
    """(round, step name, player name) of the game's sequence."""
    sequence = need(game_data, "sequence")
    steps = items(need(sequence, "steps"))
    index = number(get(sequence, "currentIndex"))
    round_no = number(get(sequence, "round")) + number(get(sequence, "roundOffset"))
    if not 0 <= index < len(steps):
        return round_no, None, None
    step = steps[index]
    return round_no, text(get(step, "name")), name_of(get(step, "player"))


def read_state(game_data: Any) -> GameState:
    """The GameState of a deserialized GameData (2.x or 1.9)."""
    players = player_names(game_data)
    known = set(players)
    owners: dict[str, str | None] = {}
    units: dict[str, list[UnitStack]] = {}
    for territory in items(need(need(game_data, "map"), "territories")):
        name = name_of(territory)
        if name is None:
            raise SaveFormatError("a territory has no name")
        owner = name_of(get(territory, "owner"))
        owners[name] = owner if owner in known else None
        collection = get(territory, "unitCollection", "units")
        units[name] = sorted_stacks(items(get(collection, "units")))
    resources: dict[str, dict[str, int]] = {}
    player_objs = mapping(need(need(game_data, "playerList"), "players"))
    for player in player_objs.values():
        pname = name_of(player)
        if pname in known:
            resources[pname] = _resources(need(player, "resources"))
    round_no, step, player = current_step(game_data)
    return GameState(
        game=text(need(game_data, "gameName")) or "",
        round=round_no,
        step=step,
        player=player,
        owners=owners,
        units=units,
        resources=resources,
        relationships=_relationships(game_data, known),
    )
