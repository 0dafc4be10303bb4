"""A player's progress across games: which modes he has unlocked.

Normal mode is open from the start; each game a player wins against the spec's unlocking AI (the
Battleship AI) opens the next mode, in the order of the spec's `modes:`. `play --progress FILE` keeps it
in a small JSON file (`{"wins": 1}`), refuses a mode not yet open and records each game's result.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from compiler.ava.rules import open_modes
from compiler.fileio import write_atomic
from compiler.problems import InputError, Location
from compiler.spec.board_game import SIDES, BoardGame, SideName


@dataclass
class Progress:
    wins: int = 0
    """games won against the unlocking AI"""

    def open_modes(self, cfg: BoardGame) -> list[str]:
        if cfg.rules.unlocking_ai is None:
            return list(cfg.modes)
        return open_modes(list(cfg.modes), self.wins)

    def record(self, cfg: BoardGame, winner: SideName | None, kinds: Mapping[str, str]) -> str | None:
        """Count a game won against the unlocking AI by a player who is not one of the spec's AIs (`kinds`:
        side -> player kind); the mode it opens, if any."""
        unlocking = cfg.rules.unlocking_ai
        if unlocking is None or winner is None or kinds[winner] in cfg.ais:
            return None
        loser = next(side for side in SIDES if side != winner)
        if kinds[loser] != unlocking:
            return None
        before = self.open_modes(cfg)
        self.wins += 1
        opened = [mode for mode in self.open_modes(cfg) if mode not in before]
        return opened[0] if opened else None


def load_progress(path: Path) -> Progress:
    """The progress kept in `path`; a new one when the file does not exist yet."""
    if not path.exists():
        return Progress()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        wins = data["wins"]
        if not isinstance(wins, int) or isinstance(wins, bool) or wins < 0:
            raise ValueError("wins must be a whole number >= 0")
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"cannot read progress {path}: {exc}", Location(str(path)), "unreadable") from None
    return Progress(wins)


def save_progress(path: Path, progress: Progress) -> None:
    write_atomic(path, json.dumps({"wins": progress.wins}) + "\n")
