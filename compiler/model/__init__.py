"""The game model: one typed picture of a TripleA game, shared by every translation."""

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
