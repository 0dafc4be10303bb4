"""The game state the reference engine reasons about: who owns what, where units stand."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class UnitStack(BaseModel):
    """`count` units of one type and owner (in a territory, a route or a purchase)."""

    model_config = ConfigDict(defer_build=True)  # schemas built on first use, not at import

    type: str
    owner: str
    count: int = 1


class GameState(BaseModel):
    """A snapshot of a game: as read from a save, or as the engine holds it between events."""

    model_config = ConfigDict(defer_build=True)  # schemas built on first use, not at import

    game: str
    round: int = 1
    step: str | None = None
    player: str | None = None
    owners: dict[str, str | None] = Field(default_factory=dict)
    units: dict[str, list[UnitStack]] = Field(default_factory=dict)
    resources: dict[str, dict[str, int]] = Field(default_factory=dict)
    relationships: dict[str, str] = Field(
        default_factory=dict, description="'PlayerA|PlayerB' (names sorted) -> relationship type name"
    )

    @staticmethod
    def pair(a: str, b: str) -> str:
        """The key of a player pair in `relationships`."""
        return "|".join(sorted((a, b)))
