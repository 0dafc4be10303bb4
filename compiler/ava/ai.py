"""The three AIs: one rule-of-thumb player driven by an `AIProfile` of the spec.

- Tank AI (easy): places most of its army as defence, invades rarely, never buys strategic moves.
- Aircraft AI (moderate): moderate defence, invades more, buys a strategic move when it clearly pays.
- Battleship AI (hard): starts with an advantage, keeps an army reserve against the worst penalty,
  invades to escape a jailing penalty, fortifies its main country against the enemy army, spends
  everything on an invasion it lands on, and weighs every strategic move (with a one-spin lookahead).

All numbers (shares, reserves, valuation weights) come from the profile in the spec.
"""

from __future__ import annotations

from compiler.ava import rules
from compiler.ava.game import OTHER, Game, PlayerState
from compiler.ava.players import Player
from compiler.spec.board_game import AIProfile, Card


class ProfileAI(Player):
    """An AI whose tendencies are the numbers of its spec profile."""

    def __init__(self, kind: str, profile: AIProfile) -> None:
        self.kind = kind
        self.profile = profile
        self.advantages = list(profile.advantages)
        self.smart = profile.strategic_moves == "lookahead"

    # ----- helpers ------------------------------------------------------------------------

    def threat(self, view: Game, me: PlayerState) -> int:
        """The worst penalty the opponent's territories can inflict now."""
        opp = OTHER[me.side]
        worst = 0
        for i, owner in enumerate(view.owner):
            if owner == opp:
                penalty = view.penalty_for(i)
                if penalty > worst:
                    worst = penalty
        return worst

    def invade_plan(self, view: Game, me: PlayerState, i: int) -> list[int] | None:
        """The force to invade hostile territory `i` with, or None to take the penalty instead."""
        need = view.defence_power(i)
        force = rules.cheapest_force(me.army, view.units, need, view.allowed[i])
        if force is None:
            return None
        power = view.army_power(me.army)
        used = view.army_power(force)
        if view.victory == "sudden-death" and view.main[OTHER[me.side]] == i:
            return force
        if self.smart and view.penalty_for(i) >= power:
            return force  # the penalty would take the whole army and jail us
        if used <= self.profile.invade_share * power:
            return force
        return None

    def neutral_invasion_cost(self, view: Game, me: PlayerState, i: int) -> int | None:
        """Recruit cost of the units a neutral invasion of `i` would lose, or None when impossible."""
        force = rules.cheapest_force(me.army, view.units, view.defence_power(i), view.neutral_invaders)
        return None if force is None else sum(c * u.cost for c, u in zip(force, view.units, strict=True))

    def neutral_plan(self, view: Game, me: PlayerState, i: int, options: list[str]) -> str:
        defence = view.defence_power(i)
        treaty = view.treaty_cost(i, me) if "treaty" in options else None
        invade = self.neutral_invasion_cost(view, me, i) if "invade" in options else None
        spare = view.army_power(me.army) - defence - self.profile.reserve_factor * self.threat(view, me)
        if invade is not None and spare < 0:
            invade = None
        if treaty is not None and me.money - treaty < self.profile.money_reserve // 2:
            treaty = None
        if treaty is not None and (invade is None or treaty <= invade):
            return "treaty"
        if invade is not None:
            return "invade"
        return "pass"

    def value(self, view: Game, me: PlayerState, i: int) -> float:
        """Rough money worth of landing on space `i` now."""
        space = view.board[i]
        owner = view.owner[i]
        gain = view.income_value(i) * self.profile.horizon
        if space.kind in ("fortune", "strategy"):
            return (view.mode.luck - 0.4) * 1000
        if space.kind == "secret":
            if owner is None and me.money >= view.cfg.costs.secret_base:
                return gain - view.cfg.costs.secret_base
            if owner not in (None, me.side) and any(c.effect.kind == "destroy-secret-base" for c in me.cards):
                return gain * 2
            return 0
        if space.kind == "special":
            if owner is None and space.ally_of == me.side and me.money >= view.cfg.costs.alliance:
                return gain - view.cfg.costs.alliance
            return 0
        if owner == me.side:
            if self.smart and i == view.main[me.side] and view.victory == "sudden-death":
                enemy = view.army_power(view.state[OTHER[me.side]].army)
                if enemy >= view.defence_power(i) * 0.7 and any(me.army):
                    return self.profile.win_value / 4  # fortify the main country before the enemy can take it
            return 100.0 if any(me.army) else 0.0
        if owner is None:
            choice = self.neutral_plan(view, me, i, ["invade", "treaty"])
            if choice == "treaty":
                return gain - view.treaty_cost(i, me)
            cost = self.neutral_invasion_cost(view, me, i)
            if choice == "invade" and cost is not None:
                return gain - cost
            return 0
        force = self.invade_plan(view, me, i)
        if force is not None:
            if view.victory == "sudden-death" and view.main[owner] == i:
                return self.profile.win_value
            return 2 * gain - sum(c * u.cost for c, u in zip(force, view.units, strict=True))
        penalty = view.penalty_for(i)
        dread = 0
        if 0 < penalty >= view.army_power(me.army):
            dread = self.profile.jail_dread + rules.ransom_cost(me.jailed + 1, view.cfg.costs)
        return -penalty * 50.0 - dread

    # ----- decisions ----------------------------------------------------------------------

    def strategic_move(self, view: Game, me: PlayerState, offers: dict[int, int]) -> int:
        if self.profile.strategic_moves == "never":
            return 0
        best_step, best = 0, self.outlook(view, me, me.position)
        for step, cost in offers.items():
            if me.money - cost < self.profile.money_reserve:
                continue
            landing = (me.position + step) % len(view.board)
            score = self.outlook(view, me, landing) - self.profile.strategic_weight * cost
            if score > best:
                best_step, best = step, score
        return best_step

    def outlook(self, view: Game, me: PlayerState, space: int) -> float:
        """Worth of standing on `space`: landing there, plus (lookahead) half the next spin's mean."""
        worth = self.value(view, me, space)
        if self.smart:
            faces = view.cfg.rules.spinner_faces
            n = len(view.board)
            ahead = sum(self.value(view, me, (space + roll) % n) for roll in range(1, faces + 1)) / faces
            worth += self.profile.lookahead * ahead
        return worth

    def recruit(self, view: Game, me: PlayerState, limits: list[int]) -> list[int]:
        budget = int(max(0, me.money - self.profile.money_reserve) * self.profile.recruit_share)
        if self.smart and view.owner[me.position] == OTHER[me.side] and view.board[me.position].kind == "territory":
            budget = me.money  # landing on a hostile territory: everything may go into the invasion
        units = view.units
        counts = [0] * len(units)
        order = range(len(units) - 1, -1, -1)
        bought = True
        while bought:
            bought = False
            for k in order:
                if counts[k] < limits[k] and units[k].cost <= budget:
                    counts[k] += 1
                    budget -= units[k].cost
                    bought = True
        return counts

    def deploy(self, view: Game, me: PlayerState, space: int, allowed: list[bool]) -> list[int]:
        power = view.army_power(me.army)
        share = self.profile.deploy_share
        reserve = self.profile.reserve_factor * self.threat(view, me)
        target = min(power * share, power - reserve)
        if space == view.main[me.side]:
            target = max(target, power * share)
            if self.smart:
                enemy = view.army_power(view.state[OTHER[me.side]].army)
                target = max(target, min(power, 1.5 * enemy + 30 - view.defence_power(space)))
        counts = [0] * len(allowed)
        placed = 0
        for k in range(len(allowed) - 1, -1, -1):
            unit_power = view.units[k].power
            if not allowed[k] or unit_power <= 0:
                continue
            take = min(me.army[k], int((target - placed) // unit_power)) if target > placed else 0
            counts[k] = max(0, take)
            placed += counts[k] * unit_power
        return counts

    def landing(self, view: Game, me: PlayerState, space: int, options: list[str]) -> str:
        kind = view.board[space].kind
        if "penalty" in options:
            return "invade" if "invade" in options and self.invade_plan(view, me, space) is not None else "penalty"
        if kind == "territory":
            return self.neutral_plan(view, me, space, options)
        return options[0]

    def invasion_force(
        self, view: Game, me: PlayerState, space: int, need: int, allowed: list[bool]
    ) -> list[int] | None:
        return rules.cheapest_force(me.army, view.units, need, allowed)

    def use_card(self, view: Game, me: PlayerState, card: Card, space: int) -> bool:
        effect = card.effect
        if effect.kind == "destroy-defence" and effect.capture:
            return view.defence_power(space) >= 20 or view.penalty_for(space) >= view.army_power(me.army)
        return True

