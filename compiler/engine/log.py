"""Game logs: our own YAML/JSON record of a game, replayed by the reference engine.

A log is one mapping:

    game: World War II Classic      # the game's name (informative)
    spec: ../specs/classic.yaml     # optional: the variant spec (its house_rules are applied)
    xml: ../games/classic.xml       # optional: a game XML instead of a spec
    initial:                        # optional: overrides of the game's initial state
      round: 1
      owners: {Karelia S.S.R.: Germans}
      units: {Karelia S.S.R.: [{type: infantry, owner: Germans, count: 2}]}
      resources: {Germans: {PUs: 40}}
      relationships: {Germans|Russians: War}
    events:
      - {type: step, round: 1, player: Germans, step: germansCombatMove}
      - {type: move, units: {infantry: 2}, route: [Germany, Poland]}
      - {type: ownership, territory: Poland, new_owner: Germans}

Events are those of compiler/engine/events.py (`step`, `move`, `purchase`, `place`, `remove`, `battle`,
`ownership`, `capture`, `political`, `resources`, `transfer`, `tech`, `advance`, `victory`, `note`: EVENT_TYPES). Two
conveniences for hand-written logs: an event may leave out `round`, `step` and `player`, which then carry over
from the event before; and `units` (also `attacker_losses`, `defender_losses`) may be a mapping
`{type: count}`, meaning units of the event's player (of `attacker`, `defender`). Paths in `spec` and `xml` are
relative to the log file. A battle's `rounds` lists its combat rounds (see compiler/engine/combat.py), e.g.
`{attacker_fired: [...], defender_casualties: [...]}`. A `political` event sets `new_relationship` between
`player` and each of `players` (or, when `players` names two others, between those two, as the save reader
writes it). An `ownership` event also hands the territory's infrastructure (factories, AA guns) to the new
owner. A `victory` event (`winners: [Axis]`) records a declared win. `edit: true` marks an event made in TripleA's edit
mode (the save reader sets it; bid-placement does not judge such units as a bid; the writer leaves it out).

JSON logs have the same shape and are read by the json module (fast); YAML is read by the one YAML
reader (compiler/yamlread.py: YAML 1.2, so `yes` is the text "yes" and `0o17` is 15, as in a spec;
mapping keys are text). Every event keeps its line, so problems read
`log.yaml:LINE:COL: error: ...` (for JSON, the line where the event begins). The writer emits one
event per line, writing `round`, `step` and `player` only when they change.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from compiler.engine import events as ev
from compiler.engine.state import GameState, UnitStack
from compiler.fileio import write_atomic
from compiler.limits import SIZE, load_json, read_text
from compiler.problems import InputError, Location
from compiler.yamlread import KeyPath, YamlError, read_yaml

MAX_LOG_BYTES = SIZE["log"]
_EVENT: TypeAdapter[ev.EventBase] = TypeAdapter(ev.Event)
_CARRIED = ("round", "step", "player")


@dataclass
class GameLog:
    """A loaded game log."""

    game: str = ""
    spec: Path | None = None
    xml: Path | None = None
    initial: dict[str, Any] = field(default_factory=dict)
    events: list[ev.EventBase] = field(default_factory=list)
    path: str = ""


@dataclass
class Spot:
    """Where a mapping stands (1-based line, column) and where each of its keys does."""

    line: int = 0
    column: int = 0
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)

    def at(self, path: str, key: Any = None) -> Location:
        if key is not None and str(key) in self.keys:
            return Location(path, *self.keys[str(key)])
        return Location(path, self.line, self.column)


@dataclass
class _Doc:
    data: Any
    root: Spot
    initial: Spot
    events: list[Spot]


def _read_yaml(text: str, path: str) -> _Doc:
    """A YAML log through the one YAML reader (YAML 1.2 core schema), with the spots of its parts."""
    try:
        data, positions = read_yaml(text, path)
    except YamlError as err:
        raise InputError(f"malformed log: {err.problem}", err.location, "log-syntax") from None
    if not isinstance(data, dict):
        return _Doc(None, Spot(1, 1), Spot(1, 1), [])
    at = positions.at

    def spot(key: KeyPath, value: Any, where: tuple[int, int]) -> Spot:
        keys = {k: at[(*key, k)] for k in value} if isinstance(value, dict) else {}
        return Spot(*where, keys)

    root = spot((), data, positions.start)
    initial, events = root, []
    if isinstance(data.get("initial"), dict):
        initial = spot(("initial",), data["initial"], at[("initial",)])
    if isinstance(data.get("events"), list):
        events = [spot(("events", i), item, at[("events", i)]) for i, item in enumerate(data["events"])]
    return _Doc(data, root, initial, events)


def _line_col(text: str, index: int, cache: list[int]) -> tuple[int, int]:
    """1-based line and column of a character index (cache: [last index, its line])."""
    last, line = cache
    line += text.count("\n", last, index)
    cache[0], cache[1] = index, line
    return line, index - text.rfind("\n", 0, index)


def _read_json(text: str, path: str) -> _Doc | None:
    """A JSON log read by the json module (fast), with the line of every event; None if not JSON."""
    if not text.lstrip().startswith("{"):
        return None
    data = load_json(text, path, "log-syntax", "log")  # under the input limits (compiler/limits.py)
    decoder = json.JSONDecoder()
    ws = " \t\r\n"
    cache = [0, 1]
    i = text.index("{") + 1
    root = Spot(*_line_col(text, i - 1, cache))
    initial, events = root, []
    while True:
        while text[i] in ws + ",":
            i += 1
        if text[i] == "}":
            break
        key, i = decoder.raw_decode(text, i)
        root.keys[str(key)] = _line_col(text, i - len(json.dumps(key)), cache)
        while text[i] in ws + ":":
            i += 1
        if key == "events" and text[i] == "[":
            i += 1
            while True:
                while text[i] in ws + ",":
                    i += 1
                if text[i] == "]":
                    i += 1
                    break
                events.append(Spot(*_line_col(text, i, cache)))
                _, i = decoder.raw_decode(text, i)
        else:
            if key == "initial":
                initial = Spot(*_line_col(text, i, cache))
            _, i = decoder.raw_decode(text, i)
    return _Doc(data, root, initial, events)


def _units(value: Any, player: str | None) -> Any:
    """`{type: count}` -> stacks owned by the event's player; lists pass through."""
    if isinstance(value, dict):
        return [{"type": t, "owner": player, "count": n} for t, n in value.items()]
    if isinstance(value, list):
        return [dict(v, owner=v.get("owner", player)) if isinstance(v, dict) else v for v in value]
    return value


def parse_event(raw: Any, spot: Spot, path: str, carried: dict[str, Any]) -> ev.EventBase:
    """One event mapping -> an event model; InputError located at the bad field."""
    if not isinstance(raw, dict):
        raise InputError("an event must be a mapping", spot.at(path), "bad-event")
    data = dict(raw)
    for key in _CARRIED:
        if key not in data and carried.get(key) is not None:
            data[key] = carried[key]
    for key in ("units", "attacker_losses", "defender_losses"):
        if key in data:
            owner = data.get("attacker") if key == "attacker_losses" else (
                data.get("defender") if key == "defender_losses" else data.get("player")
            )
            data[key] = _units(data[key], owner)
    data["line"] = spot.line or None
    try:
        event = _EVENT.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = first["loc"][1:] if len(first["loc"]) > 1 and first["loc"][0] == data.get("type") else first["loc"]
        bad = where[0] if where else None
        field_name = ".".join(str(x) for x in where)
        msg = first["msg"]
        if first["type"] in ("union_tag_invalid", "union_tag_not_found"):
            kinds = ", ".join(ev.EVENT_TYPES)
            msg = f"unknown or missing event type {data.get('type')!r} (one of: {kinds})"
            bad, field_name = "type", ""
        elif first["type"] == "missing":
            msg = "missing field"
        elif first["type"] == "extra_forbidden":
            msg = "unknown field"
        kind = data.get("type") if bad != "type" else None
        text = f"bad {kind} event: " if kind else "bad event: "
        text += f"{field_name}: {msg}" if field_name else msg
        raise InputError(text, spot.at(path, bad), "bad-event") from None
    for key in _CARRIED:
        carried[key] = getattr(event, key)
    return event


def load_log_text(text: str, path: str) -> GameLog:
    """Parse the text of a game log (YAML or JSON)."""
    doc = _read_json(text, path) or _read_yaml(text, path)
    data = doc.data
    if not isinstance(data, dict):
        raise InputError("a game log must be a mapping with an `events` list", Location(path, 1, 1), "bad-log")
    known = {"game", "spec", "xml", "initial", "events"}
    for key in data:
        if key not in known:
            raise InputError(f"unknown log field {key!r} (known: {', '.join(sorted(known))})",
                             doc.root.at(path, key), "bad-log")
    raw_events = data.get("events")
    if not isinstance(raw_events, list):
        raise InputError("the log has no `events` list", doc.root.at(path, "events"), "bad-log")
    base = Path(path).parent
    log = GameLog(game=str(data.get("game") or ""), path=path)
    for key in ("spec", "xml"):
        if data.get(key):
            setattr(log, key, base / str(data[key]))
    initial = data.get("initial") or {}
    if not isinstance(initial, dict):
        raise InputError("`initial` must be a mapping", doc.root.at(path, "initial"), "bad-log")
    log.initial = initial
    try:
        GameState.model_validate({"game": log.game or "game", **initial})
    except ValidationError as err:
        first = err.errors()[0]
        key = first["loc"][0] if first["loc"] else None
        raise InputError(f"bad initial state: {'.'.join(map(str, first['loc']))}: {first['msg']}",
                         doc.initial.at(path, key), "bad-log") from None
    carried: dict[str, Any] = {"round": initial.get("round", 1)}
    spots = doc.events if len(doc.events) == len(raw_events) else [doc.root] * len(raw_events)
    log.events = [parse_event(raw, spot, path, carried) for raw, spot in zip(raw_events, spots, strict=True)]
    return log


def load_log(path: str | Path) -> GameLog:
    """Read a game log file; InputError (located) when it cannot be used."""
    p = Path(path)
    text = read_text(p, "log")
    return load_log_text(text, str(p))


def apply_initial(state: GameState, overrides: dict[str, Any]) -> GameState:
    """The game's initial state with a log's `initial` overrides laid over it."""
    data = state.model_dump()
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return GameState.model_validate(data)


def _event_dict(event: ev.EventBase, carried: dict[str, Any]) -> dict[str, Any]:
    """An event as a mapping: empty fields left out, round/step/player only when they change."""
    data = event.model_dump(exclude_none=True, exclude={"line", *_CARRIED})
    for key in list(data):
        if data[key] in ([], {}) and key not in ("units", "route"):
            del data[key]
    head = {"type": data.pop("type")}
    for key in _CARRIED:
        value = getattr(event, key)
        if value != carried.get(key):
            head[key] = value
            carried[key] = value
    return {**head, **data}


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ .()'/-]*")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _flow(value: Any) -> str:
    """A value as one line of YAML flow style (plain scalars where safe, else JSON quoting)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(str(k))}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if _PLAIN.fullmatch(text) and not text.endswith(" ") and text.lower() not in _RESERVED:
        return text
    return json.dumps(text, ensure_ascii=False)


def dump_log(log: GameLog, fmt: str = "yaml") -> str:
    """A log as YAML (one flow mapping per event line) or JSON text."""
    doc: dict[str, Any] = {"game": log.game}
    if log.spec:
        doc["spec"] = str(log.spec)
    if log.xml:
        doc["xml"] = str(log.xml)
    if log.initial:
        doc["initial"] = log.initial
    carried: dict[str, Any] = {"round": log.initial.get("round", 1)}
    events = [_event_dict(e, carried) for e in log.events]
    if fmt == "json":
        head = json.dumps(doc, indent=1)[:-2]
        lines = ",\n  ".join(json.dumps(e, ensure_ascii=False) for e in events)
        return f'{head},\n "events": [\n  {lines}\n ]\n}}\n'
    out = [f"{_flow(k)}: {_flow(v)}" for k, v in doc.items()]
    out.append("events:")
    out += [f"  - {_flow(e)}" for e in events]
    return "\n".join(out) + "\n"


def write_log(path: str | Path, log: GameLog) -> None:
    """Write a log atomically; JSON when the path ends in .json, else YAML."""
    fmt = "json" if str(path).endswith(".json") else "yaml"
    write_atomic(path, dump_log(log, fmt).encode("utf-8"))


def stacks(units: dict[str, int], owner: str) -> list[UnitStack]:
    """`{type: count}` -> unit stacks of one owner (a helper for log writers)."""
    return [UnitStack(type=t, owner=owner, count=n) for t, n in units.items()]
