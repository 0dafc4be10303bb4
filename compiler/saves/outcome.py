"""Whether a saved game is over, and who won: the end-round delegate's state written after GameData.

TripleA writes every delegate's state after the GameData (`<DelegateStart>`, name, display name,
class, `<DelegateData>`, state). `EndRoundDelegate` keeps `gameOver` and `winners` there: the one
place a save records that a victory condition (victory cities, economic victory, a trigger) ended it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.saves.java import SaveFormatError, get, is_a, items, name_of

_STATE_CLASS = "EndRoundExtendedDelegateState"


@dataclass(frozen=True)
class Outcome:
    """`known` is False when the save holds no end-round delegate state (nothing can be said)."""

    known: bool = False
    game_over: bool = False
    winners: list[str] = field(default_factory=list)


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    inner = getattr(value, "value", value)
    if isinstance(inner, bool):
        return inner
    if str(inner) in ("True", "False", "true", "false"):
        return str(inner).lower() == "true"
    raise SaveFormatError(f"end-round state: gameOver is not a boolean ({value!r})")


def read_outcome(objects: list[Any]) -> Outcome:
    """The outcome recorded by the end-round delegate state among the save's top-level objects."""
    states = [o for o in objects if is_a(o, _STATE_CLASS)]
    if not states:
        return Outcome()
    over = [s for s in states if _flag(get(s, "gameOver"))]  # a map may have several end-round delegates
    winners = [n for s in over for n in (name_of(w) for w in items(get(s, "winners"))) if n]
    return Outcome(known=True, game_over=bool(over), winners=list(dict.fromkeys(winners)))
