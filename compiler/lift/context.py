"""What the lift has taken so far: attachments claimed by a construct leave the pass-through list."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.lift.values import TRIPLEA_ATTACHMENTS, unique_keys
from compiler.model import Attachment, GameModel


@dataclass
class Lift:
    """The game being lifted and the attachments already said by a high-level construct."""

    game: GameModel
    claimed: set[int] = field(default_factory=set)
    unique: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.unique = unique_keys((a.name, a.attach_to) for a in self.game.attachments)

    def standard(self, name: str, java_class: str, kind: str) -> dict[str, tuple[int, Attachment]]:
        """Unclaimed attachments `name` of TripleA class `java_class` and type `kind`, by attachTo, that a
        construct may take over: the only one of their (name, attachTo), with options."""
        found = {}
        for index, a in enumerate(self.game.attachments):
            if (index not in self.claimed and a.name == name and a.java_class == TRIPLEA_ATTACHMENTS + java_class
                    and a.type == kind and a.foreach is None and a.options and (a.name, a.attach_to) in self.unique):
                found[a.attach_to] = (index, a)
        return found

    def claim(self, index: int) -> None:
        self.claimed.add(index)
