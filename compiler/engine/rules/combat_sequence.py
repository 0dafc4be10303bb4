"""combat-sequence: every combat round follows the variant's order of fire, strengths and casualties.

`steps` is the order of fire within a round: which side fires with which unit types, at which
targets, in which rounds, at which strength (default the unit's attack or defence, or `strengths`),
and whether the units then withdraw from the battle (fire no more, are no more taken as
casualties). Each roll of a round (its `firing` player, `units`, 1-based `dice`, `hits`,
`casualties` and `damaged`: compiler/engine/events.py) must come at or after the step of the roll
before it; its hits must be what its dice can score (a die <= its unit's strength, in whatever order
the dice fell; units of strength 0 roll none); its hits take only the other side's units of the
step's targets (all of them when fewer). `bonuses` raise a strength for some players' units of a
side: in given rounds, territories, amphibious attacks (land units came ashore there this turn) or
defending their own capital; a bonus `once_per_turn` is the player's choice and may be used (a die
above the base strength counted as a hit) in one battle a turn; `fires_at` lets its units fire at
an earlier step (SS Panzers); `suicide` units are destroyed when they used it; after a `no_retreat`
bonus was used the attacker may not retreat. A hit on a `damaged_first` unit damages it; a damaged
unit fires no more and a second hit sinks it, in this battle and later ones (compiler/engine/damage.py
carries damage with the units' moves) until `repair`: at the end of its owner's turn (`end_of_turn`,
TripleA's usual rule), after a full turn of its owner in a sea zone by friendly land (`in_port`), or
`never`. `defender_retreat`: after a round the defender may move at most that share (rounded up) of
its land and sea units to an adjacent friendly space. Rolls naming no player (AA fire in a save) and
bombing raids are not judged; a roll without units is judged only for its order and casualties.

    - id: combat-sequence
      steps:
        - {side: defender, units: [battleship, carrier, transport], targets: [submarine], strength: 1}
        - {side: attacker, units: [submarine], targets: [battleship, carrier, transport], withdraw: true}
        - {side: defender, units: [fighter, aaGun], targets: [fighter, bomber]}
      strengths: {aaGun: {defense: 2}}
      bonuses: [{name: Banzai, players: [Japanese], side: attacker, units: [infantry], strength: 2,
                 rounds: [1], once_per_turn: true, no_retreat: true}]
      damaged_first: [battleship, carrier]
      repair: in_port
      defender_retreat: 0.5

Breaks: attacking infantry at 1 count a 2 as a hit; a submarine's hit sinks a fighter; the defender
        retreats 3 of 4 land units; a battleship damaged in round 1 (not repaired) fires in round 2.
Keeps:  the same battles with hits only on dice <= strength, ships as the submarine's casualties,
        and 2 of 4 units retreating; that battleship sunk by one hit in round 2.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.damage import Damage
from compiler.engine.rules.advances import has_advance
from compiler.engine.rules.base import HouseRule, RuleParams, count_units, describe

Side = Literal["attacker", "defender"]
Key = tuple[str, Side]
"""a unit type on one side of the battle"""


class FireStep(RuleParams):
    side: Side
    units: list[str] = Field(min_length=1)
    targets: list[str] | None = Field(default=None, description="unit types its hits may take (default any)")
    strength: int | None = Field(default=None, description="the strength of every unit firing in this step")
    rounds: list[int] | None = Field(default=None, description="the rounds it fires in (default all)")
    withdraw: bool = False


class Strength(RuleParams):
    attack: int | None = None
    defense: int | None = None


class Bonus(RuleParams):
    name: str
    side: Side
    units: list[str] = Field(min_length=1)
    players: list[str] | None = None
    strength: int | None = None
    rounds: list[int] | None = None
    territories: list[str] | None = None
    amphibious: bool = False
    own_capital: bool = False
    once_per_turn: bool = False
    choice: bool = Field(False, description="the player may use it or not (always so when once_per_turn)")
    advance: str | None = Field(default=None, description="only for players whose tech rolls gained it")
    targets: list[str] | None = Field(default=None, description="when used, its hits take only these types")
    fires_at: int | None = Field(default=None, description="index of an earlier step these units may fire in")
    suicide: bool = False
    no_retreat: bool = False


class ExtraDice(RuleParams):
    dice: int = Field(ge=1)
    advance: str | None = Field(default=None, description="the advance that gives them (default always)")


class CombatSequenceParams(RuleParams):
    steps: list[FireStep] = Field(min_length=1)
    strengths: dict[str, Strength] = Field(default_factory=dict)
    bonuses: list[Bonus] = Field(default_factory=list)
    dice: dict[str, ExtraDice] = Field(default_factory=dict, description="dice per unit other than 1")
    damaged_first: list[str] = Field(default_factory=list)
    repair: Literal["end_of_turn", "in_port", "never"] = Field(
        default="end_of_turn", description="when damaged units are whole again: at the end of their owner's "
        "turn (TripleA's usual rule), after a full turn of their owner in a sea zone by friendly land, or never")
    defender_retreat: float | None = Field(default=None, ge=0, le=1)


@dataclass
class Fight:
    """One battle as it goes: units on each side, damaged and withdrawn ones, bonuses used."""

    territory: str
    attacker: str
    alive: Counter[Key] = field(default_factory=Counter)
    damaged: Counter[Key] = field(default_factory=Counter)
    """units surely damaged (in this battle or before it)"""
    maybe: Counter[Key] = field(default_factory=Counter)
    """units that may be damaged (a move took some of a stack with damaged units)"""
    withdrawn: Counter[Key] = field(default_factory=Counter)
    used: set[str] = field(default_factory=set)


def _hit_range(dice: list[int], strengths: list[int]) -> tuple[int, int]:
    """The fewest and most hits the dice can score, whichever unit rolled which die (a hit: die <= strength)."""
    ups, sts = sorted(dice), sorted(strengths)
    most = j = 0
    for s in sts:  # each strength takes the smallest die it hits
        if j < len(ups) and ups[j] <= s:
            most, j = most + 1, j + 1
    misses = j = 0
    for d in ups:  # each die misses the smallest strength below it
        if j < len(sts) and d > sts[j]:
            misses, j = misses + 1, j + 1
    return len(dice) - misses, most


def _show(bounds: tuple[int, int]) -> str:
    return str(bounds[0]) if bounds[0] == bounds[1] else f"{bounds[0]} to {bounds[1]}"


class CombatSequence(HouseRule[CombatSequenceParams]):
    """every combat round follows the variant's order of fire, strengths and casualties."""

    id = "combat-sequence"

    def setup(self) -> None:
        p = self.params
        names = [u for s in p.steps for u in [*s.units, *(s.targets or ())]]
        names += [u for b in p.bonuses for u in [*b.units, *(b.targets or ())]]
        self.need("unit", [*names, *p.strengths, *p.dice, *p.damaged_first])
        self.need("territory", [t for b in p.bonuses for t in b.territories or ()])
        self.need("player", [x for b in p.bonuses for x in b.players or ()])
        bad = [b.name for b in p.bonuses if b.fires_at is not None and not 0 <= b.fires_at < len(p.steps)]
        if bad:
            raise ValueError(f"bonus fires_at names no step: {', '.join(bad)}")
        self.ashore: set[str] = set()
        self.used: dict[str, str] = {}
        self.damage = Damage()

    def start_turn(self, board: Board) -> Iterable[str]:
        self.ashore, self.used = set(), {}
        self.damage.new_turn()
        return ()

    def end_turn(self, board: Board) -> Iterable[str]:
        """Repair the damaged units of the player whose turn ends, as `repair` says."""
        player, mode = board.player, self.params.repair
        mine = [k for k in self.damage.hurt if k[2] == player]
        if mode == "end_of_turn":
            self.damage.repair(mine)
        elif mode == "in_port" and player is not None:
            self.damage.repair([k for k in mine if self._in_port(board, player, k[0])], stayed_only=True)
        return ()

    def _in_port(self, board: Board, player: str, sea: str) -> bool:
        """A sea zone bordering land friendly to `player` at the start of its turn and now."""
        return sea in self.world.water and any(
            self.world.is_land(t) and board.friendly_territory(player, t)
            and board.friendly_territory(player, t, board.turn_start)
            for t in self.world.neighbours.get(sea, ()))

    def _present(self, board: Board, territory: str) -> dict[tuple[str, str], int]:
        return dict(board.units.get(territory, Counter()))

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.Move) and len(event.route) >= 2:
            if board.phase == "combat-move" and event.route[-2] in self.world.water \
                    and self.world.is_land(event.route[-1]):
                self.ashore.add(event.route[-1])
            self.damage.move(event.route[0], event.route[-1], event.units, self._present(board, event.route[0]))
        if isinstance(event, ev.Remove):
            self.damage.lose(event.territory, event.units)
        if isinstance(event, ev.Battle) and not event.is_bombing_raid and (event.attacker or event.player):
            yield from self._battle(board, event)

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.Battle):
            self.damage.clamp(event.territory, self._present(board, event.territory))
        return ()

    # --- one battle ------------------------------------------------------------------------
    def _battle(self, board: Board, battle: ev.Battle) -> Iterator[str]:
        attacker = battle.attacker or battle.player or ""
        fight = Fight(battle.territory, attacker)
        for (typ, owner), n in board.units.get(battle.territory, Counter()).items():
            if n > 0 and (not self.world.unit(typ).is_infrastructure or typ in self._firing):
                key = (typ, self._side(board, fight, owner))
                fight.alive[key] += n
                hurt = self.damage.get((battle.territory, typ, owner))
                fight.damaged[key] += min(hurt.sure, n)
                fight.maybe[key] += min(hurt.maybe, n)
        suicides: Counter[str] = Counter()
        for number, rnd in enumerate(battle.rounds, start=1):
            at = 0
            for roll in rnd.rolls:
                if roll.firing is None:
                    continue
                side = self._side(board, fight, roll.firing)
                found = self._step(board, fight, roll, side, number, at)
                if isinstance(found, str):
                    yield found
                    continue
                at, bonuses = found
                yield from self._roll(board, fight, roll, side, number, at, bonuses)
                if any(b.suicide and b.name in fight.used for b in bonuses):
                    suicides.update({s.type: s.count for s in roll.units if any(s.type in b.units for b in bonuses)})
            yield from self._retreats(board, fight, rnd, number)
        lost = Counter({s.type: s.count for s in battle.attacker_losses})
        for typ, n in suicides.items():
            if lost[typ] < n:
                yield f"{n} {typ} attacked {battle.territory} with a suicide bonus; only {lost[typ]} destroyed"

    @cached_property
    def _firing(self) -> set[str]:
        """the unit types some step of the order of fire names"""
        return {u for s in self.params.steps for u in s.units}

    def _side(self, board: Board, fight: Fight, owner: str) -> Side:
        return "attacker" if board.friendly(fight.attacker, owner) else "defender"

    def _bonuses(self, board: Board, fight: Fight, player: str, side: Side, typ: str, number: int) -> list[Bonus]:
        out = []
        for b in self.params.bonuses:
            if b.side != side or typ not in b.units or (b.players is not None and player not in b.players):
                continue
            if b.rounds is not None and number not in b.rounds:
                continue
            if b.territories is not None and fight.territory not in b.territories:
                continue
            if b.amphibious and fight.territory not in self.ashore:
                continue
            if b.own_capital and self.world.capitals.get(fight.territory) != player:
                continue
            if b.once_per_turn and b.name in self.used and self.used[b.name] != fight.territory:
                continue
            if b.advance is not None and not has_advance(board, player, b.advance):
                continue
            out.append(b)
        return out

    def _step(self, board: Board, fight: Fight, roll: ev.Roll, side: Side, number: int,
              at: int) -> tuple[int, list[Bonus]] | str:
        """The step the roll fires in (at or after `at`) and the bonuses its units may use, or why none."""
        types = {s.type for s in roll.units}
        player = roll.firing or ""
        bonuses = [b for t in types for b in self._bonuses(board, fight, player, side, t, number)]
        for i, step in enumerate(self.params.steps):
            if step.side != side or (step.rounds is not None and number not in step.rounds):
                continue
            early = [b for b in bonuses if b.fires_at == i and types & set(b.units)]
            if not types <= set(step.units) | {t for b in early for t in b.units}:
                continue
            if i >= at:
                if not types <= set(step.units):
                    for b in early:
                        self._use(fight, b)
                return i, bonuses
        what = describe(roll.units) or "units"
        return (f"{player} fire with {what} in combat round {number} in {fight.territory} out of the combat "
                "sequence")

    def _use(self, fight: Fight, bonus: Bonus) -> None:
        fight.used.add(bonus.name)
        if bonus.once_per_turn:
            self.used.setdefault(bonus.name, fight.territory)

    @staticmethod
    def _optional(bonus: Bonus) -> bool:
        return bonus.once_per_turn or bonus.choice

    def _strength(self, player: str, side: Side, typ: str, step: FireStep) -> int:
        if step.strength is not None:
            return step.strength
        own = self.params.strengths.get(typ)
        value = getattr(own, "attack" if side == "attacker" else "defense", None) if own else None
        if value is not None:
            return value
        info = self.world.unit(typ)
        return info.attack if side == "attacker" else info.defense

    def _roll(self, board: Board, fight: Fight, roll: ev.Roll, side: Side, number: int, at: int,
              bonuses: list[Bonus]) -> Iterator[str]:
        step = self.params.steps[at]
        player = roll.firing or ""
        where = f"combat round {number} in {fight.territory}"
        for s in roll.units:
            ready = fight.alive[(s.type, side)] - fight.damaged[(s.type, side)] - fight.withdrawn[(s.type, side)]
            if s.count > ready:
                yield f"{s.count} {s.type} of {player} fire in {where}; only {max(ready, 0)} may"
        if roll.units and roll.hits is not None:
            yield from self._dice(board, fight, roll, side, step, bonuses, where)
        targets = step.targets
        chosen = [b for b in bonuses if b.name in fight.used and b.targets is not None]
        if chosen:
            targets = chosen[0].targets
        yield from self._casualties(board, fight, roll, side, targets, where)
        if step.withdraw:
            for s in roll.units:
                fight.withdrawn[(s.type, side)] += s.count

    def _dice(self, board: Board, fight: Fight, roll: ev.Roll, side: Side, step: FireStep,
              bonuses: list[Bonus], where: str) -> Iterator[str]:
        player = roll.firing or ""
        base: list[int] = []
        best: list[int] = []
        for s in roll.units:
            extra = self.params.dice.get(s.type)
            per = extra.dice if extra and (extra.advance is None or has_advance(board, player, extra.advance)) else 1
            strength = self._strength(player, side, s.type, step)
            mine = [b for b in bonuses if s.type in b.units and b.strength is not None]
            always = max([strength, *(b.strength or 0 for b in mine if not self._optional(b))])
            chosen = max([always, *(b.strength or 0 for b in mine if self._optional(b))])
            if chosen > 0:  # units of strength 0 roll no dice
                base += [always] * (s.count * per)
                best += [chosen] * (s.count * per)
        if len(roll.dice) != len(base):
            yield f"{player} roll {len(roll.dice)} dice for {describe(roll.units)} in {where}; {len(base)} are due"
            return
        plain, boosted = _hit_range(roll.dice, base), _hit_range(roll.dice, best)
        hits = roll.hits or 0
        if plain[0] <= hits <= plain[1]:
            return
        if boosted[0] <= hits <= boosted[1]:
            for b in bonuses:
                if self._optional(b) and b.strength is not None:
                    self._use(fight, b)
            return
        allowed = _show(plain) + (f" (or {_show(boosted)} with a bonus)" if boosted != plain else "")
        yield (f"{player} score {hits} hit(s) with dice {roll.dice} for {describe(roll.units)} in {where}; "
               f"the strengths allow {allowed}")

    def _casualties(self, board: Board, fight: Fight, roll: ev.Roll, side: Side, targets: list[str] | None,
                    where: str) -> Iterator[str]:
        other: Side = "defender" if side == "attacker" else "attacker"
        for s in roll.damaged:
            if s.type not in self.params.damaged_first:
                yield f"{s.count} {s.type} damaged in {where}; a hit sinks it"
            fight.damaged[(s.type, other)] += s.count
            fight.maybe[(s.type, other)] += s.count
        self.damage.damage(fight.territory, roll.damaged)
        for s in roll.casualties:
            key = (s.type, self._side(board, fight, s.owner))
            if key[1] != other:
                yield f"the hits of {roll.firing} take their own side's {s.type} in {where}"
            elif targets is not None and s.type not in targets:
                yield (f"the hits of {roll.firing} take {s.count} {s.type} in {where}; "
                       f"only {', '.join(targets)} may be hit")
            elif fight.withdrawn[key]:
                yield f"{s.count} {s.type} taken as casualties in {where} after they withdrew"
            first = s.type in self.params.damaged_first
            if first and s.count > fight.maybe[key]:
                yield f"{s.count} {s.type} sunk in {where} by one hit; a first hit only damages it"
            fight.damaged[key] = max(fight.damaged[key] - s.count, 0)
            fight.maybe[key] = max(fight.maybe[key] - s.count, 0)
            fight.alive[key] -= s.count
            self.damage.lose(fight.territory, [s], damaged_first=first)
        taken = count_units(roll.casualties) + count_units(roll.damaged)
        if roll.hits is not None and taken > roll.hits:
            yield f"{taken} casualties of {roll.hits} hit(s) in {where}"
        elif roll.hits is not None and taken < roll.hits and (roll.casualties or roll.damaged):
            left = sum(n - fight.withdrawn[k] for k, n in fight.alive.items()
                       if k[1] == other and n > 0 and (targets is None or k[0] in targets))
            if left > 0:
                yield f"{roll.hits} hit(s) take only {taken} casualties in {where} while {left} targets remain"

    def _retreats(self, board: Board, fight: Fight, rnd: ev.BattleRound, number: int) -> Iterator[str]:
        where = f"after combat round {number} in {fight.territory}"
        for retreat in rnd.retreats:
            owner = retreat.units[0].owner if retreat.units else fight.attacker
            side = self._side(board, fight, owner)
            self.damage.move(fight.territory, retreat.to, retreat.units, self._present(board, fight.territory))
            if side == "attacker":
                banned = [b.name for b in self.params.bonuses if b.no_retreat and b.name in fight.used]
                if banned:
                    yield f"{owner} retreat {where}, an attack that may never be called off ({banned[0]})"
                continue
            share = self.params.defender_retreat
            if share is None:
                yield f"the defender {owner} retreats {where}; the defender may not retreat"
                continue
            forces = sum(n for (typ, s), n in fight.alive.items() if s == "defender" and n > 0
                         and not self.world.unit(typ).is_air and not self.world.unit(typ).is_infrastructure)
            allowed = math.ceil(share * forces)
            moving = count_units(retreat.units)
            if moving > allowed:
                yield f"the defender {owner} retreats {moving} units {where}; at most {allowed} of {forces}"
            if retreat.to not in self.world.neighbours.get(fight.territory, ()):
                yield f"the defender {owner} retreats {where} to {retreat.to}, which is not adjacent"
            elif not self._friendly_space(board, owner, retreat.to):
                yield f"the defender {owner} retreats {where} to {retreat.to}, which is not friendly"
            for s in retreat.units:
                fight.alive[(s.type, "defender")] -= s.count

    def _friendly_space(self, board: Board, player: str, territory: str) -> bool:
        if self.world.is_land(territory):
            return board.friendly_territory(player, territory)
        here = board.units.get(territory, Counter())
        return not any(n > 0 and board.at_war(player, owner) for (_, owner), n in here.items())
