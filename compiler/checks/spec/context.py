"""What a spec check looks at: the spec, the game it lowers to, and the reference engine's house rules."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from compiler.model import GameModel
from compiler.model.mapview import MapView, map_view
from compiler.spec.models import Spec

if TYPE_CHECKING:
    from pydantic import ValidationError

    from compiler.engine.rules import HouseRule, RuleParams
    from compiler.engine.world import World


class SpecContext:
    """One spec and its lowered game model, with the views spec checks share (built on first use)."""

    def __init__(self, spec: Spec, model: GameModel | None = None, engine: str = "2.x") -> None:
        self.spec = spec
        self._model = model
        self.engine = engine

    @property
    def model(self) -> GameModel:
        """The game the spec lowers to; ValueError for a context of the spec alone (its rule coverage)."""
        if self._model is None:
            raise ValueError("this check needs the spec's game model")
        return self._model

    @cached_property
    def house_rules(self) -> dict[str, type[HouseRule]]:
        """id -> house rule class of the reference engine."""
        from compiler.engine.rules import registry

        return registry()

    @cached_property
    def rule_params(self) -> dict[int, RuleParams | ValidationError]:
        """house_rules: index -> the entry's parameters, validated once (or why they are invalid), for
        the entries of rules the engine knows."""
        from pydantic import ValidationError

        found: dict[int, RuleParams | ValidationError] = {}
        for index, entry in enumerate(self.spec.house_rules):
            rule = self.house_rules.get(entry.id)
            if rule is not None:
                try:
                    found[index] = rule.Params.model_validate(dict(entry.model_extra or {}))
                except ValidationError as exc:
                    found[index] = exc
        return found

    @cached_property
    def world(self) -> World:
        """The game as the reference engine sees it (names, neighbours, the initial state)."""
        from compiler.engine.world import build_world

        return build_world(self.model)

    @property
    def map(self) -> MapView:
        """The game's map as one graph (the model's shared view)."""
        return map_view(self.model)
