"""One game of Allies vs. Axis: state, turn sequence, landing actions, cards and end conditions.

Deterministic for a seed: every random draw (spinner, cards, AI advantages) comes from one
`random.Random(seed)`; `spins` gives the spinner's first results instead (a scripted situation). With
`record=True` the game keeps its log as events of compiler/engine/events.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.ava import rules
from compiler.ava.cards import Deck
from compiler.ava.players import Player
from compiler.ava.script import named_counts
from compiler.engine import events as ev
from compiler.engine.state import UnitStack
from compiler.spec.board_game import SIDES, BoardGame, Card, SideName

OTHER: dict[SideName, SideName] = {"allies": "axis", "axis": "allies"}


@dataclass(slots=True)
class PlayerState:
    """One side's profile: money, available army, token and its place, kept cards and counters."""

    side: SideName
    name: str
    money: int
    army: list[int]
    position: int
    token: str | None = None
    cards: list[Card] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    """names of the cards drawn, in order"""
    treaties: int = 0
    strategic_moves: int = 0
    jailed: int = 0
    in_jail: bool = False


@dataclass(slots=True)
class GameResult:
    winner: SideName | None
    end_condition: str
    turns: int
    seed: int
    detail: str = ""
    players: dict[SideName, str] = field(default_factory=dict)
    events: list[Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "end_condition": self.end_condition, "turns": self.turns, "seed": self.seed}


class Game:
    """The board, both sides and the rules in motion. Players read it; only the engine changes it."""

    def __init__(
        self,
        cfg: BoardGame,
        mode: str,
        players: Mapping[SideName, Player],
        seed: int = 0,
        *,
        victory: str | None = None,
        jail_limit: int | None = None,
        turn_limit: int | None = None,
        record: bool = False,
        spins: Sequence[int] = (),
    ) -> None:
        self.cfg = cfg
        self.mode_name = mode
        self.mode = cfg.modes[mode]
        self.units = cfg.units
        self.board = cfg.board
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.spins = list(spins)
        self.victory = victory or cfg.rules.victory
        self.jail_limit = jail_limit or cfg.rules.jail_limit
        self.turn_limit = turn_limit
        self.events: list[Any] | None = [] if record else None
        self.round = 0
        self.step = "setup"
        self.over: tuple[SideName | None, str, str] | None = None
        self._listeners = [p for p in players.values() if type(p).notify is not Player.notify]
        self._defence_memo: dict[tuple[int, ...], int] = {}
        self._powers = [u.power for u in cfg.units]
        self.decks = {"fortune": Deck(cfg, "fortune"), "strategy": Deck(cfg, "strategy")}
        nu = len(self.units)
        factor = self.mode.income_factor
        self.income_money = [_half_up(s.income.get("money", 0) * factor) for s in self.board]
        self.income_units = [[_half_up(s.income.get(u.name, 0) * factor) for u in self.units] for s in self.board]
        self._income_value = [
            money + sum(c * u.cost for c, u in zip(counts, self.units, strict=True))
            for money, counts in zip(self.income_money, self.income_units, strict=True)
        ]
        self.allowed = [[s.seaport or not u.needs_seaport for u in self.units] for s in self.board]
        self.neutral_invaders = [u.name in cfg.rules.neutral_invaders for u in self.units]
        self.main = {side: cfg.space_index(cfg.sides[side].main) for side in SIDES}
        self.owner: list[SideName | None] = [None] * len(self.board)
        self.defence: list[list[int]] = [
            [s.garrison.get(u.name, 0) if self.allowed[i][k] else 0 for k, u in enumerate(self.units)]
            if s.kind == "territory"
            else [0] * nu
            for i, s in enumerate(self.board)
        ]
        start_army = [cfg.start.army.get(u.name, 0) for u in self.units]
        self.state = {
            side: PlayerState(side, cfg.sides[side].name, cfg.start.money, list(start_army), self.main[side])
            for side in SIDES
        }
        for side, names in self.mode.start_territories.items():
            for name in names:
                self.owner[cfg.space_index(name)] = side

    # ----- queries used by players -------------------------------------------------------------

    def defence_power(self, space: int) -> int:
        """Defend power of the army defending `space` (memoised by army: the AIs ask often)."""
        key = tuple(self.defence[space])
        power = self._defence_memo.get(key)
        if power is None:
            power = self._defence_memo[key] = rules.defence_power(key, self.units)
        return power

    def army_power(self, army: list[int]) -> int:
        return sum(c * p for c, p in zip(army, self._powers, strict=True))

    def owned(self, side: SideName, kind: str | None = None) -> list[int]:
        return [i for i, o in enumerate(self.owner) if o == side and (kind is None or self.board[i].kind == kind)]

    def penalty_for(self, space: int) -> int:
        return rules.penalty_power(self.defence_power(space), self.mode.penalty_rate)

    def treaty_cost(self, space: int, me: PlayerState) -> int:
        return rules.treaty_cost(self.defence_power(space), me.treaties, self.cfg.costs)

    def income_value(self, space: int) -> int:
        """Money worth of one turn of a space's income (units at their recruit cost)."""
        return self._income_value[space]

    def income(self, side: SideName) -> tuple[int, list[int]]:
        """What the side's spaces give at the start of each of its turns: money, and units per type."""
        money, units = 0, [0] * len(self.units)
        for i in self.owned(side):
            money += self.income_money[i]
            for k, count in enumerate(self.income_units[i]):
                units[k] += count
        return money, units

    def score(self, side: SideName) -> tuple[int, int]:
        me = self.state[side]
        owned = self.owned(side)
        power = self.army_power(me.army) + sum(self.defence_power(i) for i in owned)
        return len(owned), power + me.money // 50

    # ----- the game --------------------------------------------------------------------------

    def start(self) -> None:
        """Before the first turn: each side selects a token and draws its starting advantage, if any."""
        for side in SIDES:
            me, player = self.state[side], self.players[side]
            tokens = list(self.cfg.sides[side].tokens)
            if tokens:
                chosen = player.token(self, me, tokens)
                me.token = chosen if chosen in tokens else tokens[0]
                self._note(me, f"selects the token {me.token}", token=me.token)
            self.grant_advantage(me, player)
            player.setup(self, me)

    def play(self) -> GameResult:
        self.start()
        while self.over is None:
            self.play_round()
        winner, condition, detail = self.over
        self.step = "end"
        if winner is not None and hasattr(ev, "Victory"):
            self._emit(ev.Victory, winners=[self.cfg.sides[winner].name], text=f"{condition}: {detail}")
        else:
            self._note(None, f"game over: {condition}", winner=winner, detail=detail)
        kinds = {side: self.players[side].kind for side in SIDES}
        return GameResult(winner, condition, self.round, self.seed, detail, kinds, self.events)

    def play_round(self) -> None:
        """One round: each side's turn, Allies first, until the game ends; at the turn limit (or the safety cap
        of a game without one) the game ends by score."""
        self.round += 1
        for side in SIDES:
            self.turn(side)
            if self.over is not None:
                return
        if self.round >= (self.turn_limit or self.cfg.rules.safety_round_cap):
            self._end_by_score("turn-limit" if self.turn_limit else "safety-cap")

    def grant_advantage(self, me: PlayerState, player: Player) -> None:
        """Draw one of the player's starting advantages (extra money, army or cards), if any."""
        if not player.advantages:
            return
        adv = player.advantages[self.rng.randrange(len(player.advantages))]
        me.money += adv.money
        for k, unit in enumerate(self.units):
            me.army[k] += adv.army.get(unit.name, 0)
        me.cards.extend(self.cfg.card(name) for name in adv.cards)
        self._note(me, f"starts with an advantage: {adv.name}", money=adv.money, army=dict(adv.army),
                   cards=list(adv.cards))

    def turn(self, side: SideName) -> None:
        me, player = self.state[side], self.players[side]
        self.step = "collect"
        if self.events is not None:
            self._emit(ev.StepStart, player=me.name, delegate="turn")
        self.collect(me)
        if me.in_jail:
            self.step = "jail"
            cost = rules.ransom_cost(me.jailed, self.cfg.costs)
            if me.money >= cost and player.pay_ransom(self, me, cost):
                self.pay_ransom(me, cost)
            else:
                self._tell(f"{me.name} stays in jail (ransom $M {cost})")
                self._note(me, "stays in jail", ransom=cost)
                return
        self.step = "spin"
        roll = self.spin()
        self._note(me, f"spins {roll}", roll=roll)
        self._tell(f"{me.name} spins {roll}: {self.board[me.position].name} -> "
                   f"{self.board[(me.position + roll) % len(self.board)].name}")
        self.move(me, roll)
        self.step = "strategic-move"
        offers = {
            step: cost
            for step in (1, -1, 2, -2)
            if (cost := rules.strategic_move_cost(step, me.strategic_moves, self.cfg.costs)) <= me.money
        }
        if offers:
            step = player.strategic_move(self, me, offers)
            if step in offers:
                me.money -= offers[step]
                me.strategic_moves += 1
                self._money(me, -offers[step], "strategic move")
                self._tell(f"{me.name} buys a strategic move of {step:+d} for $M {offers[step]}")
                self.move(me, step)
        self.step = "recruit"
        self.recruit(me, player)
        self.step = "land"
        self.land(me, player, me.position)

    def spin(self) -> int:
        """The spinner: the next scripted result if any, else a random face."""
        if self.spins:
            return self.spins.pop(0)
        return self.rng.randint(1, self.cfg.rules.spinner_faces)

    def collect(self, me: PlayerState) -> None:
        money, gained = self.income(me.side)
        me.money += money
        for k, count in enumerate(gained):
            me.army[k] += count
        if self.events is not None:
            self._money(me, money, "collection")
            for k, count in enumerate(gained):
                if count:
                    self._emit(ev.ResourceChange, player=me.name, resource=self.units[k].name, amount=count,
                               reason="collection")

    def move(self, me: PlayerState, steps: int) -> None:
        n = len(self.board)
        direction = 1 if steps > 0 else -1
        route = [me.position]
        for _ in range(abs(steps)):
            route.append((route[-1] + direction) % n)
        me.position = route[-1]
        if self.events is not None:
            self._emit(ev.Move, player=me.name, units=[], route=[self.board[i].name for i in route])

    def recruit(self, me: PlayerState, player: Player) -> None:
        limits = [u.recruit_limit for u in self.units]
        wanted = player.recruit(self, me, limits)
        counts = [max(0, min(int(c), lim)) for c, lim in zip(wanted, limits, strict=True)]
        cost = sum(c * u.cost for c, u in zip(counts, self.units, strict=True))
        if not any(counts) or cost > me.money:
            return
        me.money -= cost
        for k, c in enumerate(counts):
            me.army[k] += c
        self._tell(f"{me.name} recruits {self._describe(counts)} for $M {cost}")
        if self.events is not None:
            self._emit(ev.Purchase, player=me.name, units=self._stacks(counts, me.name), cost={"money": cost})

    # ----- landing ---------------------------------------------------------------------------

    def land(self, me: PlayerState, player: Player, i: int) -> None:
        kind = self.board[i].kind
        if kind == "fortune" or kind == "strategy":
            self.draw(me, kind)
        elif kind == "secret":
            self.land_secret(me, player, i)
        elif kind == "special":
            self.land_special(me, player, i)
        elif self.owner[i] is None:
            self.land_neutral(me, player, i)
        elif self.owner[i] == me.side:
            self.deploy(me, player, i)
        else:
            self.land_hostile(me, player, i)

    def land_neutral(self, me: PlayerState, player: Player, i: int) -> None:
        defence = self.defence_power(i)
        cost = rules.treaty_cost(defence, me.treaties, self.cfg.costs)
        infantry_only = self.neutral_invaders
        options = []
        usable = [c if ok else 0 for c, ok in zip(me.army, infantry_only, strict=True)]
        if rules.invade_power(usable, self.units) >= defence:
            options.append("invade")
        if me.money >= cost:
            options.append("treaty")
        options.append("pass")
        choice = player.landing(self, me, i, options)
        if choice == "invade" and "invade" in options:
            force = self._valid_force(player.invasion_force(self, me, i, defence, infantry_only), me, defence,
                                      infantry_only)
            if force is None:
                return
            self._invade(me, i, force)
        elif choice == "treaty" and "treaty" in options:
            me.money -= cost
            me.treaties += 1
            self._tell(f"{me.name} signs a treaty with {self.board[i].name} for $M {cost}")
            if self.events is not None:
                self._emit(ev.PoliticalAction, player=me.name, action="treaty",
                           players=[me.name, self.board[i].name], new_relationship="owned", cost={"money": cost})
            self._take(me, i)
        else:
            return
        self.deploy(me, player, i)

    def land_hostile(self, me: PlayerState, player: Player, i: int) -> None:
        for card in list(me.cards):
            effect = card.effect
            if effect.kind != "destroy-defence" or (not effect.main_allowed and self.board[i].main_of):
                continue
            if not any(self._targets(effect.targets, self.defence[i])):
                continue
            if player.use_card(self, me, card, i):
                self._use(me, card)
                lost = self._fraction(self.defence[i], effect.targets, effect.fraction)
                for k, c in enumerate(lost):
                    self.defence[i][k] -= c
                self._note(me, f"uses {card.name} on {self.board[i].name}", destroyed=named_counts(lost, self.units))
                self._tell(f"{me.name} uses {card.name} on {self.board[i].name}")
                if effect.capture:
                    self._take(me, i)
                    self.deploy(me, player, i)
                    return
        defence = self.defence_power(i)
        allowed = self.allowed[i]
        options = []
        if rules.invade_power([c if allowed[k] else 0 for k, c in enumerate(me.army)], self.units) >= defence:
            options.append("invade")
        options.append("penalty")
        if player.landing(self, me, i, options) == "invade" and "invade" in options:
            force = self._valid_force(player.invasion_force(self, me, i, defence, allowed), me, defence, allowed)
            if force is not None:
                self._invade(me, i, force)
                if self.over is None:
                    self.deploy(me, player, i)
                return
        self.penalty(me, i, defence)

    def land_secret(self, me: PlayerState, player: Player, i: int) -> None:
        if self.owner[i] not in (None, me.side):
            for card in list(me.cards):
                if card.effect.kind == "destroy-secret-base" and player.use_card(self, me, card, i):
                    self._use(me, card)
                    self._set_owner(me, i, None)
                    self._note(me, f"uses {card.name}: the base on {self.board[i].name} is destroyed")
                    self._tell(f"{me.name} uses {card.name}: the base on {self.board[i].name} is destroyed")
                    break
        if self.owner[i] is None:
            cost = self.cfg.costs.secret_base
            options = (["base"] if me.money >= cost else []) + ["pass"]
            if player.landing(self, me, i, options) == "base" and "base" in options:
                me.money -= cost
                self._money(me, -cost, "secret base")
                self._note(me, f"sets up a base on {self.board[i].name}", cost=cost)
                self._tell(f"{me.name} sets up a base on {self.board[i].name}")
                self._take(me, i)

    def land_special(self, me: PlayerState, player: Player, i: int) -> None:
        if self.owner[i] == me.side:
            return
        cost = self.cfg.costs.alliance
        natural = self.board[i].ally_of == me.side and self.owner[i] is None
        card = next((c for c in me.cards if c.effect.kind == "defect-special"), None)
        if me.money < cost or (not natural and card is None):
            return
        if not natural:
            assert card is not None
            if not player.use_card(self, me, card, i):
                return
            self._use(me, card)
        elif player.landing(self, me, i, ["alliance", "pass"]) != "alliance":
            return
        me.money -= cost
        self._tell(f"{me.name} allies with {self.board[i].name} for $M {cost}")
        if self.events is not None:
            self._emit(ev.PoliticalAction, player=me.name, action="alliance",
                       players=[me.name, self.board[i].name], new_relationship="allied", cost={"money": cost})
        self._take(me, i)

    def deploy(self, me: PlayerState, player: Player, i: int) -> None:
        if self.board[i].kind != "territory" or self.owner[i] != me.side or not any(me.army):
            return
        allowed = self.allowed[i]
        wanted = player.deploy(self, me, i, list(allowed))
        counts = [max(0, min(int(c), me.army[k])) if allowed[k] else 0 for k, c in enumerate(wanted)]
        if not any(counts):
            return
        for k, c in enumerate(counts):
            me.army[k] -= c
            self.defence[i][k] += c
        self._tell(f"{me.name} builds defence of {self.board[i].name}: {self._describe(counts)}")
        if self.events is not None:
            self._emit(ev.Place, player=me.name, territory=self.board[i].name, units=self._stacks(counts, me.name))

    def penalty(self, me: PlayerState, i: int, defence: int) -> None:
        owed = rules.penalty_power(defence, self.mode.penalty_rate)
        if owed <= 0:
            return
        lost = rules.penalty_losses(me.army, self.units, owed)
        for k, c in enumerate(lost):
            me.army[k] -= c
            if c and self.events is not None:
                self._emit(ev.ResourceChange, player=me.name, resource=self.units[k].name, amount=-c,
                           reason=f"penalty {owed} on {self.board[i].name}")
        self._tell(f"{me.name} pays a penalty of {owed} power on {self.board[i].name}")
        if not any(me.army):
            self.imprison(me)

    def imprison(self, me: PlayerState) -> None:
        me.jailed += 1
        me.in_jail = True
        self._tell(f"{me.name} loses the whole army and is imprisoned ({me.jailed} times)")
        self._note(me, "imprisoned", times=me.jailed)
        if me.jailed >= self.jail_limit:
            self.over = (OTHER[me.side], "imprisoned", f"{me.name} imprisoned {me.jailed} times")

    def pay_ransom(self, me: PlayerState, cost: int) -> None:
        opp = self.state[OTHER[me.side]]
        me.money -= cost
        opp.money += cost
        me.in_jail = False
        self._money(me, -cost, "ransom")
        self._money(opp, cost, "ransom")
        self._tell(f"{me.name} pays a ransom of $M {cost} and is free")

    # ----- cards -----------------------------------------------------------------------------

    def draw(self, me: PlayerState, deck: str) -> None:
        card = self.decks[deck].draw(self.rng, self.mode.luck)
        if card is not None:
            self.receive(me, card)

    def receive(self, me: PlayerState, card: Card) -> None:
        """A drawn card: kept for later use, or applied at once."""
        deck = card.deck
        me.drawn.append(card.name)
        self._tell(f"{me.name} draws {card.name}: {card.text}")
        if card.keep:
            me.cards.append(card)
            self._note(me, f"draws {card.name} and keeps it", deck=deck)
            return
        self._note(me, f"draws {card.name}", deck=deck)
        self.apply(me, card)

    def apply(self, me: PlayerState, card: Card) -> None:
        effect = card.effect
        if effect.kind == "money":
            paid = max(effect.amount, -me.money)
            me.money += paid
            self._money(me, paid, card.name)
        elif effect.kind == "units":
            delta = [max(effect.units.get(u.name, 0), -me.army[k]) for k, u in enumerate(self.units)]
            self._change_army(me, delta, card.name)
        elif effect.kind in ("army-fraction", "opponent-army-fraction"):
            who = me if effect.kind == "army-fraction" else self.state[OTHER[me.side]]
            lost = self._fraction(who.army, effect.targets, effect.fraction)
            self._change_army(who, [-c for c in lost], card.name)

    def _change_army(self, who: PlayerState, delta: list[int], reason: str) -> None:
        for k, d in enumerate(delta):
            who.army[k] += d
            if d and self.events is not None:
                self._emit(ev.ResourceChange, player=who.name, resource=self.units[k].name, amount=d, reason=reason)

    def _targets(self, targets: list[str], army: list[int]) -> list[int]:
        return [c if not targets or u.name in targets else 0 for c, u in zip(army, self.units, strict=True)]

    def _fraction(self, army: list[int], targets: list[str], fraction: float) -> list[int]:
        return [int(c * fraction + 1e-9) for c in self._targets(targets, army)]

    def _use(self, me: PlayerState, card: Card) -> None:
        me.cards.remove(card)

    # ----- ownership and end conditions ------------------------------------------------------

    def _invade(self, me: PlayerState, i: int, force: list[int]) -> None:
        old = self.owner[i]
        lost_def = list(self.defence[i])
        for k, c in enumerate(force):
            me.army[k] -= c
        self.defence[i] = [0] * len(self.units)
        if self.events is not None:
            defender = self.cfg.sides[old].name if old else "Neutral"
            self._emit(ev.Battle, player=me.name, territory=self.board[i].name, attacker=me.name, defender=defender,
                       attacker_losses=self._stacks(force, me.name),
                       defender_losses=self._stacks(lost_def, defender), result="captured")
        self._tell(f"{me.name} invades {self.board[i].name}")
        self._take(me, i)

    def _take(self, me: PlayerState, i: int) -> None:
        old = self.owner[i]
        self._set_owner(me, i, me.side)
        if old is None or self.over is not None:
            return
        if self.victory == "sudden-death" and self.main[old] == i:
            self.over = (me.side, "sudden-death", f"{me.name} took {self.board[i].name}")
        elif self.victory == "conqueror" and not self.owned(old, "territory"):
            self.over = (me.side, "conqueror", f"{self.cfg.sides[old].name} lost every territory")

    def _set_owner(self, me: PlayerState, i: int, side: SideName | None) -> None:
        old = self.owner[i]
        self.owner[i] = side
        if self.events is not None:
            self._emit(ev.OwnershipChange, player=me.name, territory=self.board[i].name,
                       old_owner=self.cfg.sides[old].name if old else None,
                       new_owner=self.cfg.sides[side].name if side else None)

    def _end_by_score(self, condition: str) -> None:
        allies, axis = self.score("allies"), self.score("axis")
        winner: SideName | None = "allies" if allies > axis else "axis" if axis > allies else None
        self.over = (winner, condition, f"score allies {allies} axis {axis} after {self.round} rounds")

    def _valid_force(
        self, force: list[int] | None, me: PlayerState, need: int, allowed: list[bool]
    ) -> list[int] | None:
        if force is None:
            return None
        force = [int(c) for c in force]
        if len(force) != len(self.units) or any(c < 0 or c > me.army[k] or (c and not allowed[k])
                                                for k, c in enumerate(force)):
            raise ValueError(f"illegal invasion force {force}")
        if rules.invade_power(force, self.units) < need:
            raise ValueError(f"invasion force {force} is weaker than the defence {need}")
        return force

    # ----- log ---------------------------------------------------------------------------------

    def _tell(self, text: str) -> None:
        for player in self._listeners:
            player.notify(text)

    def _emit(self, cls: type, **fields: Any) -> None:
        if self.events is not None:
            self.events.append(cls(round=self.round, step=self.step, **fields))

    def _note(self, me: PlayerState | None, text: str, **data: Any) -> None:
        if self.events is not None:
            self._emit(ev.Note, player=me.name if me else None, text=text, data=data)

    def _money(self, me: PlayerState, amount: int, reason: str) -> None:
        if amount and self.events is not None:
            self._emit(ev.ResourceChange, player=me.name, resource="money", amount=amount, reason=reason)

    def _stacks(self, counts: list[int], owner: str) -> list[UnitStack]:
        return [UnitStack(type=u.name, owner=owner, count=c) for c, u in zip(counts, self.units, strict=True) if c]

    def _describe(self, counts: list[int]) -> str:
        return ", ".join(f"{c} {u.name}" for c, u in zip(counts, self.units, strict=True) if c) or "nothing"

def _half_up(value: float) -> int:
    return int(value + 0.5 + 1e-9)
