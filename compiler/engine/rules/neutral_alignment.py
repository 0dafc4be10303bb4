"""neutral-alignment: a neutral territory attacked without success, or flown over, joins the other side.

A territory a neutral player owns (`neutrals`) that a player of one side attacks and does not take
(a battle there, the territory not held by the attacker's side at the end of the turn), or over
which its air units fly on the way elsewhere, must by the end of that turn have joined the opposing
side: owned by the neutral player the side's attacks turn it into (`joins`), or its owner gone to war
with the attacker during the turn (a league turned against it by politics). Neutrals `sympathetic` to the side may be
flown over freely.

G40 Alt Universe:

    - id: neutral-alignment
      neutrals: [Independent_Neutral, Neutral_League, Pro_Axis, Pro_Allies]
      joins: {Axis: Pro_Allies, Allies: Pro_Axis}
      sympathetic: {Axis: [Pro_Axis], Allies: [Pro_Allies]}

Breaks: German fighters fly G14 -> IN4 -> G17 over an Independent Neutral that stays Independent_Neutral.
Keeps:  after the fly-over IN4 becomes Pro_Allies before the Germans' turn ends.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class NeutralAlignmentParams(RuleParams):
    neutrals: list[str] = Field(min_length=1, description="players owning neutral territories")
    joins: dict[str, str] = Field(min_length=1, description="attacking side -> neutral player the territory joins")
    sympathetic: dict[str, list[str]] = Field(default_factory=dict, description="side -> neutrals it may fly over")
    flyover: bool = True


class NeutralAlignment(HouseRule[NeutralAlignmentParams]):
    """a neutral territory attacked without success, or flown over, joins the other side."""

    id = "neutral-alignment"

    def setup(self) -> None:
        p = self.params
        self.need("player", [*p.neutrals, *p.joins.values(), *(n for ns in p.sympathetic.values() for n in ns)])
        self.need("side", [*p.joins, *p.sympathetic])
        self.neutrals = set(p.neutrals)
        self.pending: dict[str, tuple[str, str]] = {}
        """territory -> (acting player, what happened) this turn"""

    def _side(self, player: str) -> str | None:
        return next((side for side in self.params.joins if player in self.world.members(side)), None)

    def start_turn(self, board: Board) -> Iterable[str]:
        self.pending = {}
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if isinstance(event, ev.Battle):
            player = event.attacker or event.player
            if player and board.owners.get(event.territory) in self.neutrals and self._side(player):
                self.pending.setdefault(event.territory, (player, "attacked"))
        elif p.flyover and isinstance(event, ev.Move):
            player = mover(event)
            side = self._side(player) if player else None
            if player is None or side is None or not any(self.world.unit(s.type).is_air for s in event.units):
                return ()
            free = set(p.sympathetic.get(side, ()))
            for territory in event.route[1:-1]:
                owner = board.owners.get(territory)
                if owner in self.neutrals and owner not in free:
                    self.pending.setdefault(territory, (player, "flown over"))
        return ()

    def end_turn(self, board: Board) -> Iterable[str]:
        for territory, (player, what) in sorted(self.pending.items()):
            side = self._side(player)
            assert side is not None
            owner = board.owners.get(territory)
            if owner in self.world.members(side) or board.friendly(player, owner):
                continue  # taken (or a sympathetic neutral turned friendly)
            joined = self.params.joins[side]
            if owner == joined or (board.at_war(player, owner) and not board.at_war(player, owner, board.turn_start)):
                continue  # joined: handed to the other side's neutral, or turned against the attacker this turn
            yield (f"{territory} was {what} by {player} and still belongs to {owner}; it must join the other "
                   f"side ({joined})")
        self.pending = {}
