"""What the lift has taken so far: attachments claimed by a construct leave the pass-through list."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.lift.values import unique_keys
from compiler.model import Attachment, GameModel
from compiler.model.mapview import MapView, map_view
from compiler.model.vocabulary import Kind


@dataclass
class Lift:
    """The game being lifted and the attachments already said by a high-level construct."""

    game: GameModel
    claimed: set[int] = field(default_factory=set)
    unique: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.unique = unique_keys((a.name, a.attach_to) for a in self.game.attachments)

    @property
    def map(self) -> MapView:
        return map_view(self.game)

    def standard(self, kind: Kind) -> dict[str, tuple[int, Attachment]]:
        """Unclaimed attachments of `kind` as lowering makes them (its name, class and type), by attachTo,
        that a construct may take over: the only one of their (name, attachTo), with options."""
        found = {}
        for index, a in enumerate(self.game.attachments):
            if (index not in self.claimed and a.name == kind.name and kind.is_qualified(a.java_class)
                    and a.type == kind.attach_type and a.foreach is None and a.options
                    and (a.name, a.attach_to) in self.unique):
                found[a.attach_to] = (index, a)
        return found

    def claim(self, index: int) -> None:
        self.claimed.add(index)
