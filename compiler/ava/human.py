"""A human player at the terminal: every decision is a prompt on stdout answered on stdin.

End of input raises `InputEnded`, which the `play` command reports as an abandoned game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from compiler.ava import rules
from compiler.ava.game import Game, PlayerState
from compiler.ava.players import Player
from compiler.spec.board_game import Card

STEP_NAMES = {1: "advance 1 step", -1: "step back 1 step", 2: "advance 2 steps", -2: "step back 2 steps"}
LANDING_NAMES = {
    "invade": "invade",
    "treaty": "sign a treaty",
    "base": "set up a secret base",
    "alliance": "sign the alliance",
    "penalty": "take the penalty",
    "pass": "do nothing",
}


class InputEnded(Exception):
    """Standard input closed while the game waited for the human player."""


class HumanPlayer(Player):
    """Reads decisions from `stdin` (one answer a line) and writes prompts and news to `stdout`."""

    kind = "human"

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    # ----- terminal helpers ---------------------------------------------------------------

    def say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say("")
            raise InputEnded()
        return line.strip()

    def menu(self, title: str, labels: list[str]) -> int:
        self.say(title)
        for n, label in enumerate(labels, 1):
            self.say(f"  {n}) {label}")
        while True:
            answer = self.ask(f"choose 1-{len(labels)}: ")
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return int(answer) - 1
            self.say(f"please type a number from 1 to {len(labels)}")

    def yes(self, prompt: str) -> bool:
        while True:
            answer = self.ask(f"{prompt} [y/n]: ").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say("please answer y or n")

    def counts(self, view: Game, prompt: str, check: Callable[[list[int]], str | None],
               blank: str = "none") -> list[int]:
        """Read one count per unit type ('2 1 0 0', blank = none) until `check(counts)` returns None."""
        names = " ".join(u.name for u in view.units)
        while True:
            answer = self.ask(f"{prompt}\n  counts of {names} (blank = {blank}): ")
            if not answer:
                return [0] * len(view.units)
            parts = answer.replace(",", " ").split()
            if len(parts) != len(view.units) or not all(p.isdigit() for p in parts):
                example = " ".join(["1"] + ["0"] * (len(view.units) - 1))
                self.say(f"please type {len(view.units)} whole numbers, e.g. {example}")
                continue
            numbers = [int(p) for p in parts]
            problem = check(numbers)
            if problem is None:
                return numbers
            self.say(problem)

    def status(self, view: Game, me: PlayerState) -> None:
        army = ", ".join(f"{c} {u.name}" for c, u in zip(me.army, view.units, strict=True))
        space = view.board[me.position]
        owner = view.owner[me.position]
        whose = "neutral" if owner is None else view.cfg.sides[owner].name
        money, units = view.income(me.side)
        income = ", ".join([f"$M {money}", *(f"{c} {u.name}" for c, u in zip(units, view.units, strict=True) if c)])
        self.say(
            f"[round {view.round}] {me.name} ({me.token or 'no token'}): on {space.number} {space.name} "
            f"({space.kind}, {whose}); $M {me.money}; army {army} (power {view.army_power(me.army)}); "
            f"{len(view.owned(me.side))} spaces owned, giving {income} a turn; "
            f"cards: {', '.join(c.name for c in me.cards) or 'none'}"
        )

    # ----- decisions ----------------------------------------------------------------------

    def notify(self, text: str) -> None:
        self.say(f"* {text}")

    def token(self, view: Game, me: PlayerState, tokens: list[str]) -> str:
        return tokens[self.menu(f"{me.name}: select your token", tokens)]

    def pay_ransom(self, view: Game, me: PlayerState, cost: int) -> bool:
        self.status(view, me)
        return self.yes(f"You are in jail. Pay the ransom of $M {cost} to your opponent?")

    def strategic_move(self, view: Game, me: PlayerState, offers: dict[int, int]) -> int:
        steps = [0, *offers]
        n = len(view.board)
        labels = ["no strategic move"] + [
            f"{STEP_NAMES.get(s, f'move {s}')} to {view.board[(me.position + s) % n].name} ($M {offers[s]})"
            for s in offers
        ]
        return steps[self.menu("Buy a strategic move?", labels)]

    def recruit(self, view: Game, me: PlayerState, limits: list[int]) -> list[int]:
        self.status(view, me)
        prices = ", ".join(f"{u.name} $M {u.cost} (max {lim})" for u, lim in zip(view.units, limits, strict=True))

        def check(numbers: list[int]) -> str | None:
            if any(c > lim for c, lim in zip(numbers, limits, strict=True)):
                return "over the recruit limit of a turn"
            cost = sum(c * u.cost for c, u in zip(numbers, view.units, strict=True))
            return None if cost <= me.money else f"that costs $M {cost}, you have $M {me.money}"

        return self.counts(view, f"Recruit army ($M {me.money}): {prices}", check)

    def landing(self, view: Game, me: PlayerState, space: int, options: list[str]) -> str:
        target = view.board[space]
        detail = f"defence power {view.defence_power(space)}" if target.kind == "territory" else target.kind
        if "treaty" in options:
            detail += f", treaty $M {view.treaty_cost(space, me)}"
        if "penalty" in options:
            detail += f", penalty {view.penalty_for(space)} power"
        labels = [LANDING_NAMES.get(o, o) for o in options]
        return options[self.menu(f"{target.name} ({detail}): what do you do?", labels)]

    def invasion_force(
        self, view: Game, me: PlayerState, space: int, need: int, allowed: list[bool]
    ) -> list[int] | None:
        usable = ", ".join(u.name for u, ok in zip(view.units, allowed, strict=True) if ok)
        suggestion = rules.cheapest_force(me.army, view.units, need, allowed)

        def check(numbers: list[int]) -> str | None:
            if any(c > have for c, have in zip(numbers, me.army, strict=True)):
                return "you do not have that many units"
            if any(c and not ok for c, ok in zip(numbers, allowed, strict=True)):
                return f"only {usable} may invade here"
            power = rules.invade_power(numbers, view.units)
            return None if power >= need else f"invade power {power} is below the defence power {need}"

        hint = " ".join(str(c) for c in suggestion) if suggestion else "none"
        prompt = f"Invade with power >= {need} using {usable} (all are lost); e.g. {hint}"
        give_up = "give up and take the penalty" if view.owner[space] else "give up"
        force = self.counts(view, prompt, check, give_up)
        return force if any(force) or need == 0 else None

    def deploy(self, view: Game, me: PlayerState, space: int, allowed: list[bool]) -> list[int]:
        usable = ", ".join(u.name for u, ok in zip(view.units, allowed, strict=True) if ok)

        def check(numbers: list[int]) -> str | None:
            if any(c > have for c, have in zip(numbers, me.army, strict=True)):
                return "you do not have that many units"
            if any(c and not ok for c, ok in zip(numbers, allowed, strict=True)):
                return f"only {usable} may defend here"
            return None

        name = view.board[space].name
        prompt = f"Build defence of {name} (now power {view.defence_power(space)}) with {usable}"
        return self.counts(view, prompt, check)

    def use_card(self, view: Game, me: PlayerState, card: Card, space: int) -> bool:
        return self.yes(f"Use {card.name} on {view.board[space].name}? ({card.text})")
