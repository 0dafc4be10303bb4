"""read_save: a .tsvg file -> SaveGame (state, history events, engine version)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.engine.events import Event
from compiler.engine.state import GameState
from compiler.problems import InputError, Location
from compiler.saves.container import MAX_INFLATED, inflate, read_bytes
from compiler.saves.history import read_history
from compiler.saves.java import SaveFormatError, get, is_a, number, text
from compiler.saves.outcome import Outcome, read_outcome
from compiler.saves.state import player_names, read_state
from compiler.saves.stream import parse_stream


@dataclass
class SaveGame:
    """What a save holds: the current state, the history as events, and who wrote it."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    engine_version: str = ""
    game_version: str = ""
    """the game's own version (2.x saves no longer keep it: then "")"""
    outcome: Outcome = field(default_factory=Outcome)
    """whether a victory condition ended the game, and its winners (from the end-round delegate)"""


def version_text(version: Any) -> str:
    """A TripleA Version object as 'major.minor.point[.micro]' (or its exact text when it has one:
    1.9's exactVersion, 2.7's versionString such as '2.7.15622'); "" for none."""
    if version is None:
        return ""
    exact = text(get(version, "exactVersion", "versionString"))
    if exact:
        return exact
    parts = [number(get(version, n)) for n in ("major", "minor", "point")]
    micro = get(version, "micro")
    if micro:
        parts.append(number(micro))
    return ".".join(str(p) for p in parts)


def _supported(version: Any) -> bool:
    major, minor = number(get(version, "major")), number(get(version, "minor"))
    return major >= 2 or (major == 1 and minor >= 9)


def parse_objects(data: bytes, path: str) -> list[Any]:
    """The top-level objects of the inflated stream; InputError when it is not a readable stream."""
    where = Location(path)
    try:
        return parse_stream(data)
    except RecursionError:
        raise InputError("save game is corrupt: objects nested too deeply", where, "save-corrupt") from None
    except EOFError:
        raise InputError("save game is truncated: the object stream ends early", where,
                         "save-truncated") from None
    except Exception as error:  # javaobj meets bad data with many kinds of exception
        raise InputError(f"save game is corrupt: not a readable Java object stream ({error})", where,
                         "save-corrupt") from None


def read_save_bytes(raw: bytes, path: str = "<bytes>", *, history: bool = True,
                    max_bytes: int = MAX_INFLATED) -> SaveGame:
    """Read a save from its file bytes (see read_save)."""
    where = Location(path)
    objects = parse_objects(inflate(raw, path, max_bytes), path)
    if len(objects) < 2 or not is_a(objects[0], "Version") or not is_a(objects[1], "GameData"):
        raise InputError("not a TripleA save game: the stream does not start with a version and GameData",
                         where, "save-not-triplea")
    version, game_data = objects[0], objects[1]
    engine = version_text(version)
    if not _supported(version):
        raise InputError(f"save game written by TripleA {engine}: only 1.9 and 2.x saves are supported",
                         where, "save-unsupported-version")
    try:
        state = read_state(game_data)
        events = read_history(game_data, set(player_names(game_data)), state.owners) if history else []
        outcome = read_outcome(objects[2:])
    except (SaveFormatError, ValueError, TypeError, AttributeError, KeyError, IndexError) as error:
        raise InputError(f"save game content not understood (TripleA {engine}): {error}", where,
                         "save-unsupported-content") from None
    except RecursionError:
        raise InputError("save game is corrupt: objects nested too deeply", where, "save-corrupt") from None
    return SaveGame(state=state, events=events, engine_version=engine,
                    game_version=version_text(get(game_data, "gameVersion")), outcome=outcome)


def read_save(path: str | Path, *, history: bool = True, max_bytes: int = MAX_INFLATED) -> SaveGame:
    """Read a TripleA save game (.tsvg, 1.9 or 2.x); InputError on anything that is not one."""
    return read_save_bytes(read_bytes(path), str(path), history=history, max_bytes=max_bytes)
