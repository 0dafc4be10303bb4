"""The unit image names technologies give (TripleA 2.x's UnitImageFactory), and which players can come to have
those technologies.

A player's unit of type `fighter` is drawn from `fighter_lr.png` once the player has Long Range Aircraft,
`fighter_jp.png` with Jet Power, `fighter_lr_jp.png` with both; bombers take `_lr` and `_hb`, AA guns `_r`
(AA Radar) and become `rockets` (Rocket), rockets `_rockets`, submarines `_ss` (Super subs), factories and units
that produce `_it` (Industrial Technology or Increased Factory Production). A player can come to have an advance
it starts with (its techAttachment), one a trigger gives it (`tech`), or, when "Tech Development" is on, one of
its technology frontier (`<playerTech>`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, combinations

from compiler.checks.context import CheckContext
from compiler.checks.tech_ability import named_advances
from compiler.checks.unknown_technology import BUILTIN_ADVANCES
from compiler.model.vocabulary import TECH, TRIGGER

# The advances (property names) that change a unit image's name.
IMAGE_ADVANCES = frozenset({"jetPower", "longRangeAir", "heavyBomber", "superSub", "rocket", "aARadar",
                            "industrialTechnology", "increasedFactoryProduction"})
TECH_DEVELOPMENT = "Tech Development"
_AA_FLAGS = ("isAA", "isAAforCombatOnly", "isAAforBombingThisUnitOnly", "isAAforFlyOverOnly")
_BY_NAME = {name: prop for prop, name in BUILTIN_ADVANCES.items()}


def _flag(options: dict[str, str], *names: str) -> bool:
    return any(options.get(name, "").strip().lower() == "true" for name in names)


def _number(options: dict[str, str], name: str) -> int:
    try:
        return int(options.get(name, "0").strip())
    except ValueError:
        return 0


def image_name(unit: str, options: dict[str, str], advances: frozenset[str]) -> str:
    """The image name (without `_hit` and `.png`) TripleA draws `unit` by for a player with `advances`."""
    return _Traits(unit, options).image_name(advances)


class _Traits:
    """What of a unit type's options its image names depend on, read once."""

    __slots__ = ("unit", "plain", "aa", "rocket", "fights", "air", "bomber", "sub", "factory")

    def __init__(self, unit: str, options: dict[str, str]) -> None:
        self.unit = unit
        self.plain = unit.endswith(("_hit", "_disabled"))
        self.aa, self.rocket = _flag(options, *_AA_FLAGS), _flag(options, "isRocket")
        self.fights = _number(options, "attack") > 0 or _number(options, "defense") > 0
        self.air = _flag(options, "isAir")
        self.bomber = _flag(options, "isStrategicBomber")
        self.sub = _flag(options, "isFirstStrike", "isSub") and _flag(options, "canEvade", "isSub") and self.fights
        self.factory = unit == "factory" or _flag(options, "canProduceUnits", "isFactory")

    def effective(self) -> frozenset[str]:
        """The advances that can change this unit's image name (the others never do)."""
        if self.plain:
            return frozenset()
        out: set[str] = set()
        if self.rocket:
            out.add("rocket")
        if self.aa:
            out.add("aARadar")
        if self.air:
            out.add("longRangeAir")
            if not self.bomber and self.fights:
                out.add("jetPower")
            if self.bomber:
                out.add("heavyBomber")
        if self.sub:
            out.add("superSub")
        if self.factory:
            out |= {"industrialTechnology", "increasedFactoryProduction"}
        return frozenset(out)

    def image_name(self, advances: frozenset[str]) -> str:
        unit = self.unit
        if self.plain:
            return unit
        name = unit
        if unit == "aaGun":
            if "rocket" in advances and self.rocket:
                name = "rockets"
            if "aARadar" in advances and self.aa:
                name += "_r"
        else:
            if self.rocket and "rocket" in advances:
                name += "_rockets"
            if self.aa and "aARadar" in advances:
                name += "_r"
        if self.air:
            if "longRangeAir" in advances:
                name += "_lr"
            if not self.bomber and "jetPower" in advances and self.fights:
                name += "_jp"
            if self.bomber and "heavyBomber" in advances:
                name += "_hb"
        if self.sub and "superSub" in advances:
            name += "_ss"
        if self.factory and advances & {"industrialTechnology", "increasedFactoryProduction"}:
            name += "_it"
        return name


def tech_image_names(unit: str, options: dict[str, str], advances: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Every image name technologies among `advances` can give `unit` (its plain name left out) -> the fewest
    advances that give it (the first such in order of size, then of name)."""
    traits = _Traits(unit, options)
    # An advance that never changes this unit's name gives no name a smaller set of advances did not give first.
    relevant = sorted(set(advances) & traits.effective())
    names: dict[str, tuple[str, ...]] = {}
    for chosen in chain.from_iterable(combinations(relevant, n) for n in range(1, len(relevant) + 1)):
        name = traits.image_name(frozenset(chosen))
        if name != unit and name not in names:
            names[name] = chosen
    return names


def _advance(ctx: CheckContext, name: str) -> str | None:
    """The built-in advance (property name) a technology name stands for, or None."""
    name = name.strip()
    if name in BUILTIN_ADVANCES:
        return name
    return _BY_NAME.get(name) or named_advances(ctx).get(name)


def player_advances(ctx: CheckContext) -> dict[str, set[str]]:
    """Player -> the image-changing advances it can come to have."""
    out: dict[str, set[str]] = {}
    players = {p.name for p in ctx.model.players}
    for inst in ctx.of_class(TECH):
        if TECH.describes(inst.attachment) and inst.attach_to in players:
            for ov in inst.options:
                if ov.option.name in IMAGE_ADVANCES and ov.value.strip().lower() == "true":
                    out.setdefault(inst.attach_to, set()).add(ov.option.name)
    for inst in ctx.of_class(TRIGGER):
        opts = ctx.options_of(inst)
        if not opts.get("tech", "").strip():
            continue
        given = {a for t in opts["tech"].split(":") if (a := _advance(ctx, t)) in IMAGE_ADVANCES}
        for player in (opts.get("players") or inst.attach_to).split(":"):
            if player in players and given:
                out.setdefault(player, set()).update(given)
    if (ctx.model.property_value(TECH_DEVELOPMENT) or "").strip().lower() == "true":
        for frontier in ctx.model.player_techs:
            for category in frontier.categories:
                for tech in category.techs:
                    if (advance := _advance(ctx, tech)) in IMAGE_ADVANCES:
                        out.setdefault(frontier.player, set()).add(advance)
    return out
