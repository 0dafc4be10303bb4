"""The game properties that gate attachments and options in TripleA 2.7, read from its source (tag 2.7.15622).

Each gate names the property (TripleA's `Constants`), the attachments or options it gates, and the TripleA
class and method that read it. Every property here is read with `Properties.getX(properties)`, which calls
`GameProperties.get(name, false)`: a missing property is false ("Damage From Bombing Done To Units Instead Of
Territories" reads `get(name, get(name, false))`: two constants of TripleA spell it alike). Only gates whose
options TripleA reads nowhere else (or only in tooltips and map drawing) are listed: with the property off
they change nothing in a game.

Left out on purpose, read in TripleA's source: `requiresUnits` (the AI's purchase reads it without the gate)
and `canOnlyBePlacedInTerritoryValuedAtX` (bids read it without the gate), both under "Unit Placement
Restrictions"; `giveUnitControl` under "Give Units By Territory" (placement and bids read it too). Not
modelled: the air-battle options (canIntercept, canEscort, canAirBattle, airAttack, airDefense), read only
when "Raids May Be Preceeded By Air Battles" or "Battles May Be Preceeded By Air Battles" is on
(BattleTracker.addBattle, MovePerformer): a gate of either of two properties.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Gate:
    """A game property without which TripleA ignores some attachments or options.

    An attachment is gated when its class is `java_class` (simple name), it is attached to `attach_type`,
    its name is `name` (exact) or starts with `prefix` (when given), and, when `options` is not empty, it
    sets one of them to something other than TripleA's default (`DEFAULTS`; false for a flag). `what` says
    in words what is ignored, `effect` what that means in play, `reader` where TripleA reads the property.
    """

    property: str
    java_class: str
    attach_type: str
    what: str
    reader: str
    options: tuple[str, ...] = ()
    effect: str = ""
    name: str | None = None
    prefix: str | None = None

    def named(self, name: str) -> bool:
        """Whether an attachment of this name is the one the gate concerns."""
        if self.name is not None:
            return name == self.name
        return self.prefix is None or name.startswith(self.prefix)


# Option values that change nothing (TripleA's defaults): an option set to one is not gated (nor a
# territoryAttachment's unitProduction equal to its production, which sets both). Options read
# only alongside another are left out of the gates (movementRestrictionType without
# movementRestrictionTerritories, isAirBase, maxScrambleDistance and maxScrambleCount without canScramble).
DEFAULTS: dict[str, frozenset[str]] = {
    "objectiveValue": frozenset({"0"}),
    "bombingBonus": frozenset({"0"}),
    "bombingMaxDieSides": frozenset({"-1"}),
    "vps": frozenset({"0"}),
    "captureVps": frozenset({"0"}),  # and the game's dice sides: the same roll
}

NATIONAL_OBJECTIVES = "National Objectives"
USE_TRIGGERS = "Use Triggers"
TRIGGERED_VICTORY = "Triggered Victory"

GATES: tuple[Gate, ...] = (
    Gate(NATIONAL_OBJECTIVES, "RulesAttachment", "player", "national objectives",
         "EndTurnDelegate.doNationalObjectivesAndOtherEndTurnEffects", ("objectiveValue",),
         "they never pay their PUs", prefix="objectiveAttachment"),
    Gate(USE_TRIGGERS, "TriggerAttachment", "player", "triggers",
         "BaseTripleADelegate.triggerWhenTriggerAttachments, EndTurnDelegate, EndRoundDelegate.end", (),
         "they never fire"),
    Gate("Use Politics", "PoliticalActionAttachment", "player", "political actions",
         "PoliticalActionAttachment.getValidActions, PoliticsDelegate", (), "no player can take them",
         prefix="politicalActionAttachment"),
    Gate("Movement By Territory Restricted", "RulesAttachment", "player", "movement restrictions",
         "Matches.territoryIsPassableAndNotRestricted, MoveValidator.validateMovementRestrictedByTerritory",
         ("movementRestrictionTerritories",), "units move anywhere",
         name="rulesAttachment"),
    Gate("Production Per X Territories Restricted", "RulesAttachment", "player", "production per X territories",
         "NoPuPurchaseDelegate.getProductionUnits", ("productionPerXTerritories",), "no units are produced",
         name="rulesAttachment"),
    Gate("Unit Placement Per Territory Restricted", "RulesAttachment", "player", "placement limits per territory",
         "AbstractPlaceDelegate.getMaxUnitsToBePlacedFrom", ("placementPerTerritory",), "placement is not limited",
         name="rulesAttachment"),
    Gate("Use Fuel Cost", "UnitAttachment", "unitType", "fuel costs",
         "Route.getFuelCostsAndUnitsChargedFlatFuelCost, MoveValidator.validateFuel", ("fuelCost", "fuelFlatCost"),
         "moves cost no fuel", name="unitAttachment"),
    Gate("Unit Placement Restrictions", "UnitAttachment", "unitType", "unit placement restrictions",
         "AbstractPlaceDelegate.hasUnitPlacementRestrictions",
         ("unitPlacementRestrictions", "unitPlacementOnlyAllowedIn"), "the units are placed anywhere",
         name="unitAttachment"),
    Gate("Units Can Be Changed On Capture", "UnitAttachment", "unitType", "changes of captured units",
         "BattleTracker.captureOrDestroyUnits", ("whenCapturedChangesInto",), "captured units keep their type",
         name="unitAttachment"),
    Gate("Units Can Be Destroyed Instead Of Captured", "UnitAttachment", "unitType", "destruction of captured units",
         "BattleTracker.captureOrDestroyUnits", ("destroyedWhenCapturedBy", "destroyedWhenCapturedFrom"),
         "the units are captured, not destroyed", name="unitAttachment"),
    Gate("Scramble Rules In Effect", "UnitAttachment", "unitType", "scrambling",
         "ScrambleLogic.<init>, BattleDelegate.doScrambling",
         ("canScramble",), "no unit ever scrambles",
         name="unitAttachment"),
    Gate("Units May Give Bonus Movement", "UnitAttachment", "unitType", "bonus movement given by units",
         "MoveDelegate.resetAndGiveBonusMovement", ("givesMovement",), "no unit gets the bonus",
         name="unitAttachment"),
    Gate("Two HitPoint Units Require Repair Facilities", "UnitAttachment", "unitType", "repair facilities",
         "MoveDelegate.repairMultipleHitPointUnits", ("repairsUnits",),
         "damaged units need no repair facility", name="unitAttachment"),
    Gate("Use Bombing Max Dice Sides And Bonus", "UnitAttachment", "unitType", "bombing dice sides and bonuses",
         "StrategicBombingRaidBattle.rollDice, RocketsFireHelper.fireRocket", ("bombingMaxDieSides", "bombingBonus"),
         "bombing rolls the map's dice", name="unitAttachment"),
    Gate("Use Kamikaze Suicide Attacks", "TerritoryAttachment", "territory", "kamikaze zones",
         "BattleDelegate.doKamikazeSuicideAttacks", ("kamikazeZone",), "no suicide attack happens",
         name="territoryAttachment"),
    Gate("Use Kamikaze Suicide Attacks", "PlayerAttachment", "player", "suicide attacks",
         "BattleDelegate.doKamikazeSuicideAttacks", ("suicideAttackResources", "suicideAttackTargets"),
         "no suicide attack happens", name="playerAttachment"),
    Gate("Damage From Bombing Done To Units Instead Of Territories", "TerritoryAttachment", "territory",
         "production for units",
         "UnitUtils.getHowMuchCanUnitProduce, Unit.getHowMuchDamageCanThisUnitTakeTotal",
         ("unitProduction",), "factories produce by the territory's production",
         name="territoryAttachment"),
    Gate("Pacific Theater", "PlayerAttachment", "player", "victory points",
         "EndRoundDelegate.start, AbstractEndTurnDelegate.start, BattleTracker.addChangesOnTakeOverCapitol",
         ("vps", "captureVps"),
         "they count for no victory", name="playerAttachment"),
    Gate("Capture Units On Entering Territory", "UnitAttachment", "unitType", "capture of units on entering",
         "Matches.unitCanBeCapturedOnEnteringThisTerritory", ("canBeCapturedOnEnteringBy",),
         "no unit is captured so", name="unitAttachment"),
    Gate("Capture Units On Entering Territory", "TerritoryAttachment", "territory", "capture of units on entering",
         "Matches.unitCanBeCapturedOnEnteringThisTerritory", ("captureUnitOnEnteringBy",),
         "no unit is captured so", name="territoryAttachment"),
    Gate("Capture Units On Entering Territory", "PlayerAttachment", "player", "capture of units on entering",
         "Matches.unitCanBeCapturedOnEnteringThisTerritory", ("captureUnitOnEnteringBy",),
         "no unit is captured so", name="playerAttachment"),
)
"""The gates, one row per (property, attachment class): 21 rows, 18 properties."""
