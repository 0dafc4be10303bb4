"""TripleA's built-in technological advances (its TechAdvance classes), by the techAttachment property that
records each: property -> the advance's name (TechAdvance's TECH_PROPERTY_* and TECH_NAME_* constants)."""

from __future__ import annotations

BUILTIN_ADVANCES = {
    "superSub": "Super subs", "jetPower": "Jet Power", "shipyards": "Shipyards", "aARadar": "AA Radar",
    "longRangeAir": "Long Range Aircraft", "heavyBomber": "Heavy Bomber",
    "industrialTechnology": "Industrial Technology", "destroyerBombard": "Destroyer Bombard",
    "rocket": "Rockets Advance", "paratroopers": "Paratroopers",
    "increasedFactoryProduction": "Increased Factory Production", "warBonds": "War Bonds",
    "mechanizedInfantry": "Mechanized Infantry", "improvedArtillerySupport": "Improved Artillery Support",
}
