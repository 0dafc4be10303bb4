"""The advances house rules name, and the warning for an advance a player gains that none of them names.

The rules that judge a player by its advances (compiler/engine/rules/advances.py) name them in the words of the
variant's document (DiBerardino's Flying Fortresses, Improved Torpedo), while a save names them as the game
does (TripleA's Heavy Bomber, Super subs). An advance gained under a name no rule in use knows changes no
verdict, which may be right (an advance the house rules leave alone) or a silent wrong answer (the same advance
by another name): either way the replay says so, as a warning (`advance-unnamed`, made by the referee).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from compiler.engine import events as ev
from compiler.engine.rules.base import HouseRule

NAMED_BY: dict[str, Callable[[Any], Iterable[str | None]]] = {
    "air-range": lambda p: p.advances,
    "rail-movement": lambda p: p.advances,
    "tech-advances": lambda p: p.advances,
    "bombing-losses": lambda p: [*p.dice, p.atomic],
    "combat-sequence": lambda p: [*(d.advance for d in p.dice.values()), *(b.advance for b in p.bonuses)],
}
"""rule id -> the advances its params name (every rule that asks which advances a player holds)"""


def names_of(rule: HouseRule) -> set[str]:
    """The advances a bound house rule names (none for a rule that does not judge advances)."""
    named = NAMED_BY.get(rule.id)
    return {name for name in named(rule.params) if name} if named else set()


def unnamed_advance(rules: Sequence[HouseRule], event: ev.AdvanceGained) -> str | None:
    """The warning for a player gaining an advance that no rule in use names, when some rule names advances."""
    named = {rule.id: names for rule in rules if (names := names_of(rule))}
    if not event.gained or not named or any(event.advance in names for names in named.values()):
        return None
    known = "; ".join(f"{rule_id} names {', '.join(sorted(names))}" for rule_id, names in named.items())
    recorded = f" (TripleA's {event.property})" if event.property and event.property != event.advance else ""
    return (f"{event.player} gain {event.advance}{recorded}, an advance no house rule in use names ({known}): "
            "no verdict counts it; if a rule means it by another name, name it as the game does")
