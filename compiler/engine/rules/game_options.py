"""game-options: the game is played with the options the league requires (Low Luck, no technology, bids...).

Leagues and tournaments play the standard games under their own settings: the host picks them before the
game begins and the save records them (`show-save` lists them). A 2025 Revised championship:

    - id: game-options
      options: {Low Luck: true, Low Luck for AntiAircraft: true, Tech Development: false}

An option the game does not have counts as TripleA reads a missing property: off, 0 or empty. The rule is
broken once, at the first event of the history, naming every option set otherwise. It needs a save: a game
log does not say which options the host chose (the rule is then refused).

Breaks: a Revised save played with Low Luck off, where the league requires it on.
Keeps:  the same save, where the league requires Low Luck off and Tech Development on.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams

Value = bool | int | str


class GameOptionsParams(RuleParams):
    options: dict[str, Value] = Field(min_length=1, description="option name -> the value the game must be played with")


def _shown(value: Value | float | None) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "not set" if value is None or value == "" else str(value)


def _absent(wanted: Value) -> Value:
    """What TripleA reads for a property the game does not declare, in the kind of `wanted`."""
    if isinstance(wanted, bool):
        return False
    return 0 if isinstance(wanted, int) else ""


class GameOptions(HouseRule[GameOptionsParams]):
    """the game is played with the options the league requires (Low Luck, no technology, bids...)."""

    id = "game-options"

    def setup(self) -> None:
        if self.world.options is None:
            raise ValueError("needs the game options a save records: give a save (a game log does not say which "
                             "options the host chose)")
        self.reported = False

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if self.reported:
            return
        self.reported = True
        played = self.world.options or {}
        wrong = []
        for name, wanted in self.params.options.items():
            value = played[name] if name in played else _absent(wanted)
            if value != wanted or type(value) is not type(wanted):
                had = _shown(value) + ("" if name in played else " (the game has no such option)")
                wrong.append(f"{name} {had}, required {_shown(wanted)}")
        if wrong:
            yield "the game is played with " + "; ".join(wrong)
