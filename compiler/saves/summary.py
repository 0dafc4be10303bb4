"""A SaveGame as a JSON-ready dict or as a readable text summary (used by `show-save`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, TypeVar

from compiler.engine.events import (
    AdvanceGained,
    Battle,
    Capture,
    EventBase,
    Move,
    Note,
    OwnershipChange,
    Place,
    PoliticalAction,
    Purchase,
    Remove,
    ResourceChange,
    StepStart,
    Victory,
)
from compiler.engine.state import UnitStack
from compiler.problems import InputError, Location
from compiler.saves.bids import Bid, bids_text
from compiler.saves.edits import Edit, edits_text
from compiler.saves.options import GameOption, OptionValue
from compiler.saves.reader import SaveGame
from compiler.saves.technology import Research, technology_text


class _Dated(Protocol):
    @property
    def round(self) -> int: ...

    @property
    def player(self) -> str | None: ...


_DatedT = TypeVar("_DatedT", bound=_Dated)


def _of(records: list[_DatedT], round_no: int | None, player: str | None) -> list[_DatedT]:
    return [r for r in records if (round_no is None or r.round == round_no) and (player is None or r.player == player)]


@dataclass
class Chosen:
    """The part of a save's history show-save shows: events, edits, research and bids."""

    events: list[EventBase] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    technology: list[Research] = field(default_factory=list)
    bids: list[Bid] = field(default_factory=list)


def select_history(save: SaveGame, round_no: int | None, player: str | None, path: str) -> Chosen:
    """The save's events, edits, research and bids of round `round_no` and of `player`'s turns (each None: any);
    InputError for a player the game does not have or a round the history does not reach."""
    if player is not None and player not in save.state.resources and player not in save.state.owners.values():
        known = ", ".join(sorted(save.state.resources)) or "none"
        raise InputError(f"--player {player!r}: the game has no such player (players: {known})", Location(path),
                         "bad-invocation")
    rounds = {event.round for event in save.events}
    if round_no is not None and rounds and round_no not in rounds:
        raise InputError(f"--round {round_no}: the history holds rounds {min(rounds)} to {max(rounds)}",
                         Location(path), "bad-invocation")
    return Chosen(events=_of(list(save.events), round_no, player), edits=_of(save.edits, round_no, player),
                  technology=_of(save.technology, round_no, player), bids=_of(save.bids, round_no, player))


def as_dict(save: SaveGame, *, history: bool = False, chosen: Chosen | None = None) -> dict[str, Any]:
    """The JSON form: game, the release that wrote it (engine_version as written, its release line, whether it
    wrote its version as a string or a Version object, warnings), round, step, player, territories, resources,
    relationships, game_over (None when the save does not say), winners, options (each game property: name, value,
    editable by the host, kind, minimum, maximum; None when the save keeps none)[, events, edits, technology,
    bids]."""
    state = save.state
    result: dict[str, Any] = {
        "game": state.game,
        "engine_version": save.engine_version,
        "release": save.release,
        "version_object": save.version_object,
        "warnings": [str(note) for note in save.notes],
        "game_version": save.game_version,
        "round": state.round,
        "step": state.step,
        "player": state.player,
        "territories": {
            name: {"owner": owner, "units": [s.model_dump() for s in state.units.get(name, [])]}
            for name, owner in state.owners.items()
        },
        "resources": state.resources,
        "relationships": state.relationships,
        "game_over": save.outcome.game_over if save.outcome.known else None,
        "winners": save.outcome.winners,
        "options": None if save.options is None else [asdict(option) for option in save.options],
    }
    if history:
        shown = chosen or Chosen(list(save.events), save.edits, save.technology, save.bids)
        for key, records in (("events", shown.events), ("edits", shown.edits), ("technology", shown.technology),
                             ("bids", shown.bids)):
            result[key] = _Dumped(records)
    return result


class _Dumped(list[dict[str, Any]]):
    """History records as JSON-ready dicts, each made when the encoder reaches it: JSON of a long history is
    written as it is made (json's indenting encoder iterates lists), never held whole in memory."""

    def __init__(self, records: list[Any]) -> None:
        super().__init__()
        self._records = records

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (record.model_dump() for record in self._records)

    def __eq__(self, other: object) -> bool:
        return list(self) == other



def json_chunks(data: dict[str, Any]) -> Iterator[str]:
    """`data` (from as_dict) as indented JSON, in pieces: a history's records are encoded one by one."""
    import json

    return json.JSONEncoder(indent=2, ensure_ascii=False).iterencode(data)


def stacks_text(stacks: list[UnitStack], with_owner: bool = True) -> str:
    """'3 infantry (Germans), 1 armour (Germans)'."""
    if not stacks:
        return "nothing"
    return ", ".join(f"{s.count} {s.type}" + (f" ({s.owner})" if with_owner else "") for s in stacks)


def event_text(event: Any) -> str:
    """One line describing an event."""
    if isinstance(event, StepStart):
        return f"step {event.step} ({event.delegate or '-'})"
    if isinstance(event, Move):
        return f"move {stacks_text(event.units, False)}: {' -> '.join(event.route)}"
    if isinstance(event, Purchase):
        cost = ", ".join(f"{v} {k}" for k, v in event.cost.items())
        return f"buy {stacks_text(event.units, False)}" + (f" for {cost}" if cost else "")
    if isinstance(event, Place):
        return f"place {stacks_text(event.units, False)} in {event.territory}"
    if isinstance(event, Remove):
        why = f" ({event.reason})" if event.reason else ""
        return f"remove {stacks_text(event.units)} from {event.territory}{why}"
    if isinstance(event, Battle):
        outcome = event.result or "unfinished"
        return (f"battle in {event.territory}: {event.attacker} vs {event.defender}, "
                f"{len(event.rounds)} combat round(s), {outcome}; attacker lost "
                f"{stacks_text(event.attacker_losses)}, defender lost {stacks_text(event.defender_losses)}")
    if isinstance(event, OwnershipChange):
        return f"{event.territory}: {event.old_owner or 'neutral'} -> {event.new_owner or 'neutral'}"
    if isinstance(event, PoliticalAction):
        what = f" -> {event.new_relationship}" if event.new_relationship else ""
        status = "" if event.success else " (failed)"
        return f"politics: {event.action} {'/'.join(event.players)}{what}{status}"
    if isinstance(event, ResourceChange):
        return f"{event.amount:+d} {event.resource}" + (f" ({event.reason})" if event.reason else "")
    if isinstance(event, Victory):
        return f"victory: {', '.join(event.winners)}" + (f" ({event.text})" if event.text else "")
    if isinstance(event, Capture):
        return f"{event.count} unit(s) in {event.territory} change owner to {event.new_owner}"
    if isinstance(event, Note):
        return event.text
    if isinstance(event, AdvanceGained):
        return f"{event.player} {'gain' if event.gained else 'lose'} {event.advance}"
    return str(event)


def _shown(value: OptionValue) -> str:
    """An option's value on one line: yes/no, a number, a text cut at 60 characters."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "(not readable here)"
    shown = " ".join(str(value).split())
    return shown if len(shown) <= 60 else shown[:57] + "..."


def options_text(options: list[GameOption] | None) -> list[str]:
    """The 'Options' section: the host's choices first, then what the game fixes."""
    if options is None:
        return ["", "Options: the save keeps none"]
    lines = []
    for title, editable in (("Options the host set", True), ("Options the game fixes", False)):
        chosen = [o for o in options if o.editable is editable and o.name not in ("notes", "mapName")
                  and not o.name.startswith("games.strategy.")]  # TripleA's own bookkeeping
        if chosen:
            lines += ["", f"{title}:"]
            lines += [f"  {o.name}: {_shown(o.value)}" for o in chosen]
    return lines


def as_text(save: SaveGame, *, history: bool = False, chosen: Chosen | None = None) -> str:
    """A readable summary of the save's state (and history: its edits, research, bids and events; all of them, or
    those `chosen`)."""
    return "".join(text_chunks(save, history=history, chosen=chosen))


def text_chunks(save: SaveGame, *, history: bool = False, chosen: Chosen | None = None) -> Iterator[str]:
    """as_text in pieces, each ending in a newline: the history's events one line at a time."""
    state = save.state
    lines = [
        f"{state.game}: round {state.round}, step {state.step or '-'}"
        + (f" ({state.player})" if state.player else ""),
        f"saved by TripleA {save.engine_version}"
        + (f" (release {save.release})" if not save.engine_version.startswith(save.release) else "")
        + (f" (game version {save.game_version})" if save.game_version else ""),
    ]
    if save.outcome.game_over:
        lines.append("game over: won by " + (", ".join(save.outcome.winners) or "nobody"))
    lines += ["", "Resources:"]
    for player, amounts in state.resources.items():
        lines.append(f"  {player}: " + (", ".join(f"{v} {k}" for k, v in amounts.items()) or "none"))
    owned: dict[str, int] = {}
    for owner in state.owners.values():
        if owner:
            owned[owner] = owned.get(owner, 0) + 1
    lines += ["", "Territories owned:"]
    lines += [f"  {player}: {count}" for player, count in sorted(owned.items())]
    occupied = [(n, u) for n, u in state.units.items() if u]
    lines += ["", f"Units ({len(occupied)} of {len(state.owners)} territories hold units):"]
    for name, units in occupied:
        owner = state.owners.get(name) or "neutral"
        lines.append(f"  {name} [{owner}]: {stacks_text(units)}")
    if state.relationships:
        lines += ["", "Relationships:"]
        lines += [f"  {pair}: {kind}" for pair, kind in state.relationships.items()]
    lines += options_text(save.options)
    if history:
        shown = chosen or Chosen(list(save.events), save.edits, save.technology, save.bids)
        lines += edits_text(shown.edits) + technology_text(shown.technology) + bids_text(shown.bids)
        of = "" if len(shown.events) == len(save.events) else f" of {len(save.events)}"
        lines += ["", f"History ({len(shown.events)}{of} events):"]
    yield "\n".join(lines) + "\n"
    if history:
        for event in shown.events:
            who = f" {event.player}" if event.player else ""
            yield f"  [round {event.round}{who}] {event_text(event)}\n"
