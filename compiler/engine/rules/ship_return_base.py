"""ship-return-base: capital ships must return to a naval base, and some ships stay near land.

A base is a sea zone next to land that was friendly at the start of the turn (or one of `bases`).
- `within_spaces` N (DiBerardino: 2): every move of `unit_types` must start in a base or reach one
  within its first N spaces, and such ships may not end a turn away from a base without moving; a ship
  with no base within N spaces (by sea) must head for the nearest one: each space of its move brings it
  one space nearer;
- `within_turns` N: such ships may end at most N-1 of their own turns in a row away from a base
  (counted per sea zone);
- `max_distance` {type: N} (DiBerardino: submarine 3): at the end of the turn no such unit may be
  more than N spaces from the nearest friendly land.

    - id: ship-return-base
      unit_types: [battleship, carrier]
      within_spaces: 2
      max_distance: {submarine: 3}

Breaks: Americans move a battleship from a zone away from base three zones further out.
Keeps:  the battleship first enters a zone by American land, then moves out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class ShipReturnBaseParams(RuleParams):
    unit_types: list[str] = Field(default_factory=list)
    bases: list[str] | None = None
    within_spaces: int | None = Field(default=None, ge=0)
    within_turns: int | None = Field(default=None, ge=1)
    max_distance: dict[str, int] = Field(default_factory=dict)


class ShipReturnBase(HouseRule[ShipReturnBaseParams]):
    """capital ships must return to a naval base, and some ships stay near land."""

    id = "ship-return-base"

    def setup(self) -> None:
        p = self.params
        if p.unit_types and p.within_spaces is None and p.within_turns is None:
            raise ValueError("unit_types need within_spaces or within_turns")
        if not p.unit_types and not p.max_distance:
            raise ValueError("give unit_types or max_distance")
        self.need("unit", [*p.unit_types, *p.max_distance])
        self.need("territory", p.bases or ())
        self.types = set(p.unit_types)
        self.moved_from: Counter[tuple[str, str]] = Counter()
        self.away: dict[str, Counter[tuple[str, str]]] = {}

    def is_base(self, board: Board, player: str, zone: str) -> bool:
        p = self.params
        if p.bases is not None:
            return zone in p.bases
        return any(
            self.world.is_land(t) and board.friendly_territory(player, t, board.turn_start)
            for t in self.world.neighbours.get(zone, ())
        )

    def base_distance(self, board: Board, player: str, zone: str) -> int | None:
        """Fewest sea spaces from `zone` to a base of `player` (None: no base reachable by sea)."""
        seas = {z for z in self.world.neighbours if not self.world.is_land(z)}
        bases = {z for z in seas if self.is_base(board, player, z)}
        return self.world.distance(zone, bases, through=seas)

    def heads_for_far_base(self, board: Board, player: str, route: list[str]) -> bool:
        """Whether a ship with no base within `within_spaces` moves straight for the nearest one."""
        limit = self.params.within_spaces
        far = self.base_distance(board, player, route[0])
        if limit is None or far is None or far <= limit:
            return False
        return self.base_distance(board, player, route[-1]) == far - (len(route) - 1)

    def start_turn(self, board: Board) -> Iterable[str]:
        self.moved_from = Counter()
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.Move) or len(event.route) < 2:
            return
        ships = [s for s in event.units if s.type in self.types]
        player = mover(event)
        if not ships or player is None:
            return
        for s in ships:
            self.moved_from[(event.route[0], s.type)] += s.count
        if p.within_spaces is None:
            return
        first = next((i for i, z in enumerate(event.route) if self.is_base(board, player, z)), None)
        if (first is None or first > p.within_spaces) and not self.heads_for_far_base(board, player, event.route):
            what = ", ".join(f"{s.count} {s.type}" for s in ships)
            yield (
                f"{what} move {' -> '.join(event.route)} without reaching a base within "
                f"{p.within_spaces} spaces"
            )

    def end_turn(self, board: Board) -> Iterable[str]:
        p = self.params
        player = board.player
        if player is None:
            return
        if self.types and p.within_spaces is not None:
            for zone, units in board.turn_start.units.items():
                if self.world.is_land(zone) or self.is_base(board, player, zone):
                    continue
                for (typ, owner), n in units.items():
                    if owner == player and typ in self.types and n > self.moved_from[(zone, typ)]:
                        yield f"{n - self.moved_from[(zone, typ)]} {typ} stayed in {zone}, away from a base"
        if self.types and p.within_turns is not None:
            away = self.away.setdefault(player, Counter())
            now: Counter[tuple[str, str]] = Counter()
            for zone, units in board.units.items():
                if self.world.is_land(zone) or self.is_base(board, player, zone):
                    continue
                for (typ, owner), n in units.items():
                    if owner == player and typ in self.types and n > 0:
                        now[(zone, typ)] = away[(zone, typ)] + 1
                        if now[(zone, typ)] >= p.within_turns:
                            yield (
                                f"{typ} ended {now[(zone, typ)]} turn(s) in a row in {zone}, away from a base "
                                f"(at most {p.within_turns - 1})"
                            )
            self.away[player] = now
        if p.max_distance:
            far = [
                (zone, typ, limit)
                for zone, units in board.units.items()
                for (typ, owner), n in units.items()
                if owner == player and n > 0 and (limit := p.max_distance.get(typ)) is not None
            ]
            if not far:
                return
            start = board.turn_start
            friendly = {t for t, o in start.owners.items()
                        if self.world.is_land(t) and board.friendly(player, o, start)}
            distances: dict[str, int | None] = {}
            for zone, typ, limit in far:
                if zone not in distances:
                    distances[zone] = self.world.distance(zone, friendly)
                d = distances[zone]
                if d is None or d > limit:
                    how_far = d if d is not None else "unreachably many"
                    yield f"{typ} in {zone} is {how_far} spaces from friendly land (at most {limit})"
