"""captives-discarded: captives held in a player's home province are discarded when the province is lost.

Empire: a player keeps captive generals only while it holds its home province; those it held there
when the province was lost are discarded, not taken over by the conqueror (TripleA hands them over
with the province: they are infrastructure). A captive is a unit of one of the `captives` types (the
generals of another player held by the player); `homes` maps players to their home provinces (default:
the game's capitals). When a home province changes hands, the captives its owner held there must be
gone from it by the end of that turn, unless the player is out of the game by then: it has no unit of
its type in `rulers` left (Empire: its caesar captured, when its captives pass to the conqueror).

    - id: captives-discarded
      captives: [macedonia_general, italia_general, hispania_general, egyptus_general, numidia_general,
                 galatia_general]
      rulers: {Macedonia: macedonia_caesar, Italia: italia_caesar}

Breaks: Galatia takes Macedonia, where Macedonia held 2 italia_general; they are still there (now
        Galatia's) at the end of Galatia's turn.
Keeps:  the same, with the 2 captives removed when the province falls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class CaptivesDiscardedParams(RuleParams):
    captives: list[str] = Field(min_length=1, description="unit types that are captives (other players' generals)")
    homes: dict[str, str] = Field(default_factory=dict, description="player -> home province (default: capitals)")
    rulers: dict[str, str] = Field(default_factory=dict, description="player -> the unit type without which the "
                                                                    "player is out of the game")


class CaptivesDiscarded(HouseRule[CaptivesDiscardedParams]):
    """captives held in a player's home province are discarded when the province is lost."""

    id = "captives-discarded"

    def setup(self) -> None:
        p = self.params
        self.need("unit", p.captives)
        self.need("player", p.homes)
        self.need("territory", p.homes.values())
        self.need("player", p.rulers)
        self.need("unit", p.rulers.values())
        homes = p.homes or {player: territory for territory, player in self.world.capitals.items()}
        self.home_of = {territory: player for player, territory in homes.items()}
        self.lost: list[tuple[str, str, str | None, Counter[str]]] = []
        """this turn's lost home provinces: (province, its player, the conqueror, captives held there)"""

    def start_turn(self, board: Board) -> Iterable[str]:
        self.lost = []
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.OwnershipChange):
            return ()
        player = self.home_of.get(event.territory)
        if player is None or board.owners.get(event.territory) != player or event.new_owner == player:
            return ()
        held = Counter({t: n for (t, o), n in board.units.get(event.territory, Counter()).items()
                        if o == player and t in self.params.captives and n > 0})
        if held:
            self.lost.append((event.territory, player, event.new_owner, held))
        return ()

    def end_turn(self, board: Board) -> Iterable[str]:
        for territory, player, conqueror, held in self.lost:
            ruler = self.params.rulers.get(player)
            if ruler is not None and board.owned_units(player, ruler) == 0:
                continue  # out of the game: its captives pass to the conqueror
            kept = {t: min(n, board.count(territory, t)) for t, n in held.items()}
            kept = {t: n for t, n in kept.items() if n > 0}
            if kept:
                what = ", ".join(f"{n} {t}" for t, n in sorted(kept.items()))
                yield (f"{player} lost its home province {territory} to {conqueror or 'nobody'}; the captives held "
                       f"there ({what}) are still there at the end of the turn, not discarded")
        self.lost = []
