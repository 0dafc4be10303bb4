"""A luck report: the hits each player's dice scored against the hits they could expect, per battle and overall.

What league players argue about. Each roll of a battle says what every die needed (its target: a die hits at or
under it) and how many hits the roll scored. A die that needs `t` on a `sides`-sided die hits with probability
t / sides; hits a roll scores without dice (Low Luck's sure hits) are expected as scored. So a roll's expected
hits are its sure hits plus the sum of t / sides over its dice, and luck is hits scored minus hits expected.
Rolls that do not say what their dice needed (1.9 saves, logs) are left out and counted.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from math import sqrt

from compiler.engine.events import Battle, EventBase, Roll


@dataclass
class Luck:
    """One player's dice, in a battle or overall: how many, hits scored and expected, and the variance."""

    dice: int = 0
    hits: int = 0
    expected: float = 0.0
    variance: float = 0.0

    def add(self, roll: Roll, sides: int) -> None:
        chances = [t / sides for t in roll.targets if t > 0]
        lucky = sum(1 for die, t in zip(roll.dice, roll.targets, strict=True) if 0 < t and die <= t)
        sure = max((roll.hits or 0) - lucky, 0)
        self.dice += len(chances)
        self.hits += roll.hits or 0
        self.expected += sure + sum(chances)
        self.variance += sum(p * (1 - p) for p in chances)

    @property
    def luck(self) -> float:
        """Hits scored minus hits expected."""
        return self.hits - self.expected

    @property
    def deviations(self) -> float:
        """Luck in standard deviations (0 when no die could miss)."""
        return self.luck / sqrt(self.variance) if self.variance else 0.0


@dataclass
class BattleLuck:
    """A battle's luck per player who rolled."""

    round: int
    territory: str
    players: dict[str, Luck] = field(default_factory=dict)


@dataclass
class LuckReport:
    """Every battle's luck and each player's overall; rolls that do not say what their dice needed, counted."""

    battles: list[BattleLuck] = field(default_factory=list)
    players: dict[str, Luck] = field(default_factory=dict)
    unknown_rolls: int = 0


def _usable(roll: Roll) -> bool:
    return roll.firing is not None and len(roll.targets) == len(roll.dice) and roll.hits is not None \
        and roll.damage is None  # a bombing raid's dice are damage, not hits


def luck_report(events: list[EventBase], sides: int) -> LuckReport:
    """The luck of every player's battle rolls in `events` on `sides`-sided dice."""
    report = LuckReport()
    overall: dict[str, Luck] = defaultdict(Luck)
    for event in events:
        if not isinstance(event, Battle):
            continue
        battle = BattleLuck(event.round, event.territory)
        for combat_round in event.rounds:
            for roll in combat_round.rolls:
                if not _usable(roll):
                    report.unknown_rolls += bool(roll.dice)
                    continue
                assert roll.firing is not None
                battle.players.setdefault(roll.firing, Luck()).add(roll, sides)
                overall[roll.firing].add(roll, sides)
        if battle.players:
            report.battles.append(battle)
    report.players = dict(sorted(overall.items()))
    return report


def luck_dict(luck: Luck) -> dict[str, float | int]:
    return {"dice": luck.dice, "hits": luck.hits, "expected": round(luck.expected, 3), "luck": round(luck.luck, 3),
            "deviations": round(luck.deviations, 2)}


def report_dict(report: LuckReport, sides: int) -> dict[str, object]:
    """The report as JSON-ready data."""
    return {"sides": sides, "players": {p: luck_dict(lk) for p, lk in report.players.items()},
            "battles": [{"round": b.round, "territory": b.territory,
                         "players": {p: luck_dict(lk) for p, lk in b.players.items()}} for b in report.battles],
            "unknown_rolls": report.unknown_rolls}


def _line(luck: Luck) -> str:
    return (f"{luck.dice} dice, {luck.hits} hits, {luck.expected:.1f} expected, {luck.luck:+.1f}"
            + (f" ({luck.deviations:+.1f} sd)" if luck.variance else ""))


def report_text(report: LuckReport, sides: int) -> list[str]:
    """The report's lines: each player overall, then each battle."""
    lines = ["", f"Luck (battle hits scored against hits expected, {sides}-sided dice):"]
    if not report.players:
        return [*lines, "  no battle roll says what its dice needed"]
    lines += [f"  {player}: {_line(luck)}" for player, luck in report.players.items()]
    lines.append("  Battles:")
    for battle in report.battles:
        sides_text = "; ".join(f"{p} {_line(lk)}" for p, lk in battle.players.items())
        lines.append(f"    round {battle.round}, {battle.territory}: {sides_text}")
    if report.unknown_rolls:
        lines.append(f"  ({report.unknown_rolls} roll(s) left out: they do not say what their dice needed)")
    return lines
