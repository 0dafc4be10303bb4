"""The base of every spec model (SpecNode) and the scalar values options take: what every part of the spec
language builds on (models, constructs, claims, generated entries), in a module that imports none of them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, PrivateAttr

from compiler.problems import NOWHERE, Location

Scalar = str | int | float | bool
OptionValue = Scalar | list[Scalar | dict[str, Scalar]] | dict[str, Scalar]


class SpecNode(BaseModel):
    """Base of spec models: forbids unknown keys and remembers where the node stood in the YAML."""

    # defer_build: validators are built on first use; constructs a spec does not use cost nothing
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)
    # a factory, not a default: pydantic deep-copies a default for every node, and a Location is frozen
    _loc: Location = PrivateAttr(default_factory=lambda: NOWHERE)

    @property
    def loc(self) -> Location:
        return self._loc
