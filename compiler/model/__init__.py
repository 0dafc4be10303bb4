"""The game model: one typed picture of a TripleA game, shared by every translation.

- `game`: the elements, one class per element of the game XML;
- `vocabulary`: TripleA's attachment kinds, each recognised and made in one place (`kind_of`, `UNIT`, `CANAL`...);
- `expand`: `variableList` and `foreach`, the attachment instances TripleA creates;
- `mapview`: the map as one graph (`map_view(game)`: borders, land and sea, canals and straits, parts,
  distances and routes), built once per game model.
"""

from compiler.model.game import (
    Alliance,
    Attachment,
    Connection,
    Delegate,
    Frontier,
    GameModel,
    HeldUnits,
    Info,
    Node,
    Option,
    Player,
    PlayerFrontier,
    PlayerTech,
    Property,
    Relationship,
    Resource,
    ResourceGiven,
    Rule,
    RuleEntry,
    Step,
    StepProperty,
    TechCategory,
    TechName,
    Territory,
    TerritoryOwner,
    UnitPlacement,
    Variable,
)

__all__ = [
    "Alliance", "Attachment", "Connection", "Delegate", "Frontier", "GameModel", "HeldUnits", "Info",
    "Node", "Option", "Player", "PlayerFrontier", "PlayerTech", "Property", "Relationship", "Resource",
    "ResourceGiven", "Rule", "RuleEntry", "Step", "StepProperty", "TechCategory", "TechName", "Territory",
    "TerritoryOwner", "UnitPlacement", "Variable",
]
