"""read_save: a .tsvg file -> SaveGame (state, history events, engine version)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from javaobj.v2.beans import JavaString

from compiler import engines
from compiler.engine.events import Event
from compiler.engine.state import GameState
from compiler.problems import InputError, Location, Problem, Severity
from compiler.saves.bids import Bid, read_bids
from compiler.saves.container import MAX_INFLATED, inflate, read_bytes
from compiler.saves.delegates import delegate_classes
from compiler.saves.edits import Edit, read_edits
from compiler.saves.history import history_entries, read_history
from compiler.saves.java import SaveFormatError, get, is_a, number, text
from compiler.saves.options import GameOption, played_values, read_options
from compiler.saves.outcome import Outcome, read_outcome
from compiler.saves.payments import refile_end_turn_payments
from compiler.saves.state import player_names, read_state
from compiler.saves.stream import parse_stream
from compiler.saves.technology import Research, read_technology

if TYPE_CHECKING:
    from compiler.engine.world import World


@dataclass
class SaveGame:
    """What a save holds: the current state, the history as events, and who wrote it."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    engine_version: str = ""
    """the version of TripleA that wrote the save, as the save writes it ("2026-08.16.15726", "2.7.15622")"""
    release: str = ""
    """its release line as users name it ("2026-08", "2.7", "1.9")"""
    version_object: str = ""
    """how the save writes its version: "string" (2026-06 on) or "Version" (an org.triplea.util.Version)"""
    notes: list[Problem] = field(default_factory=list)
    """warnings about the save itself (written by a release newer than the tool knows)"""
    game_version: str = ""
    """the game's own version (2.x saves no longer keep it: then "")"""
    outcome: Outcome = field(default_factory=Outcome)
    """whether a victory condition ended the game, and its winners (from the end-round delegate)"""
    options: list[GameOption] | None = None
    """the game options (properties) as the save records them; None when it keeps none"""
    world: World | None = None
    """the game the save carries, from its start (read when asked: read_save(world=True))"""
    dice_sides: int = 6
    """the sides of the game's dice (GameData.diceSides)"""
    edits: list[Edit] = field(default_factory=list)
    """edit-mode use, from the history (empty when the history is not read)"""
    technology: list[Research] = field(default_factory=list)
    """each player's research per round, from the history"""
    bids: list[Bid] = field(default_factory=list)
    """each player's bid purchase and placement, from the history"""


@dataclass
class _HistoryReading:
    events: list[Event] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    technology: list[Research] = field(default_factory=list)
    bids: list[Bid] = field(default_factory=list)


def _read_history(game_data: Any, objects: list[Any], state: GameState,
                  options: list[GameOption] | None) -> _HistoryReading:
    """The history's events, and its edits, research and bids, from one walk of its entries."""
    entries = history_entries(game_data)
    classes = delegate_classes(objects[2:])
    refile_end_turn_payments(entries, classes)
    return _HistoryReading(events=read_history(game_data, set(player_names(game_data)), state.owners, entries),
                           edits=read_edits(entries), technology=read_technology(entries, classes),
                           bids=read_bids(entries, classes, played_values(options)))


def version_text(version: Any) -> str:
    """The version a save begins with, as TripleA wrote it: the string itself (2026-06 on), or a Version
    object's exact text (1.9's exactVersion, 2.x's versionString such as '2.7.15622'), else
    'major.minor.point[.micro]'; "" for none."""
    if version is None:
        return ""
    if isinstance(version, (JavaString, str)):
        return text(version) or ""
    exact = text(get(version, "exactVersion", "versionString"))
    if exact:
        return exact
    parts = [number(get(version, n)) for n in ("major", "minor", "point")]
    micro = get(version, "micro")
    if micro:
        parts.append(number(micro))
    return ".".join(str(p) for p in parts)


NEWER = "save-newer-release"
UNKNOWN = "save-unknown-release"


def _release(first: Any, where: Location) -> tuple[engines.SavedVersion, list[Problem]]:
    """What the tool knows of the release that wrote the save; InputError for a version it cannot read
    saves of (before 1.9); a warning Problem for one newer than it knows, or one it does not know at all (the
    2.x lines before the oldest it names, 2.0-2.4, are read as 2.x saves are, without a word)."""
    written = version_text(first)
    version = engines.read_version(written)
    if version is None:
        raise InputError(f"not a TripleA save game: it begins with {written[:60]!r}, not a TripleA version",
                         where, "save-not-triplea")
    if version.release is None and version.order < (1, 9):
        raise InputError(f"save game written by TripleA {written}: only saves of 1.9 and later are supported",
                         where, "save-unsupported-version")
    notes = []
    older_2x = (2, 0) <= version.order < engines.oldest_2x().order
    if version.release is None and not version.newer and not older_2x:
        notes.append(Problem(UNKNOWN, f"written by TripleA {written}, a release this tool does not know: read as "
                                      f"{engines.newest().name} reads it", where, Severity.WARNING))
    if version.newer:
        top = engines.newest()
        notes.append(Problem(NEWER, f"written by TripleA {written}, newer than the newest release this tool knows "
                                    f"({top.last}): read as {top.name} reads it; a newer triplea-compiler may know "
                                    "more", where, Severity.WARNING))
    return version, notes


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


def _carried_world(game_data: Any, state: GameState) -> World:
    """The game the save carries, from its starting position (imported here: show-save never needs it)."""
    from compiler.saves.start import start_state
    from compiler.saves.world import world_from_save

    return world_from_save(game_data, start_state(game_data, state))


def read_save_bytes(raw: bytes, path: str = "<bytes>", *, history: bool = True,
                    max_bytes: int = MAX_INFLATED, world: bool = False) -> SaveGame:
    """Read a save from its file bytes (see read_save)."""
    where = Location(path)
    objects = parse_objects(inflate(raw, path, max_bytes), path)
    if (len(objects) < 2 or not (is_a(objects[0], "Version") or isinstance(objects[0], JavaString))
            or not is_a(objects[1], "GameData")):
        raise InputError("not a TripleA save game: the stream does not start with a version and GameData",
                         where, "save-not-triplea")
    first, game_data = objects[0], objects[1]
    version, notes = _release(first, where)
    engine = version.text
    try:
        state = read_state(game_data)
        outcome = read_outcome(objects[2:])
        options = read_options(game_data)
        past = _read_history(game_data, objects, state, options) if history else _HistoryReading()
        game = _carried_world(game_data, state) if world else None
        if game is not None:
            game.options = played_values(options)
    except (SaveFormatError, ValueError, TypeError, AttributeError, KeyError, IndexError) as error:
        newer = " (newer than this tool knows: a newer triplea-compiler may read it)" if version.newer else ""
        raise InputError(f"save game content not understood (TripleA {engine}{newer}): {error}", where,
                         "save-unsupported-content") from None
    except RecursionError:
        raise InputError("save game is corrupt: objects nested too deeply", where, "save-corrupt") from None
    return SaveGame(state=state, events=past.events, engine_version=engine, release=version.line,
                    version_object="string" if isinstance(first, JavaString) else "Version", notes=notes,
                    game_version=version_text(get(game_data, "gameVersion")), outcome=outcome, options=options,
                    world=game, dice_sides=number(get(game_data, "diceSides")) or 6, edits=past.edits,
                    technology=past.technology, bids=past.bids)


def read_save(path: str | Path, *, history: bool = True, max_bytes: int = MAX_INFLATED,
              world: bool = False) -> SaveGame:
    """Read a TripleA save game (.tsvg, 1.9 or 2.x); InputError on anything that is not one. `world`: also read
    the game the save carries, from its starting position (SaveGame.world)."""
    return read_save_bytes(read_bytes(path), str(path), history=history, max_bytes=max_bytes, world=world)
