"""Every unit type has an image for every player who can come to own it.

TripleA 2.x (UnitImageFactory) draws a unit of player P from `units/P/<type>.png`, else `units/<type>.png`;
a damaged one (a unit with more than one hit point that took a hit, or a unit bombed while "Damage From
Bombing Done To Units Instead Of Territories" is on) from `<type>_hit.png` alike. Names are matched exactly
(a case-sensitive system finds no `Infantry.png` for infantry). It looks in the map folder, then among the
images its engine ships (the classic units of Germans, Russians, Japanese, Americans, British, Italians,
Chinese, French and Neutral: compiler/schemas/catalog/engine_assets.json). Without the image it draws a grey
"missing unit image" placeholder (since 2.6; it was invisible before). Technologies change the name: a
player with Long Range Aircraft draws its fighters from `fighter_lr.png`, with Jet Power too from
`fighter_lr_jp.png` (bombers `_lr`/`_hb`, AA `_r` and `rockets`, rockets `_rockets`, subs `_ss`, factories
`_it`: compiler/checks/_tech_images.py), so those images are asked for of the players who can come to have
the technology (they start with it, a trigger gives it, or it is in their frontier while "Tech Development"
is on), and TripleA does not fall back to the plain image. The players who can own a unit:
its placements, production frontiers, triggers that give it, units that make it, and captures
(compiler/checks/_unit_owners.py). Units listed in map.properties `dont_draw_units` are not drawn and not
checked. Checked when a map folder is validated (its files, or its repository's `.listing.tsv`).

Failing (Japanese can build armour, no `units/Japanese/armour.png` and no `units/armour.png`)::

    <productionFrontier name="productionJapanese"><frontierRules name="buyArmour"/></productionFrontier>

Passing (the map folder holds)::

    units/Japanese/armour.png

How to fix: add the image the message names (per player under `units/<player>/`, or one for every player in
`units/`), or list the unit in map.properties' `dont_draw_units` when it is never to be drawn.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import MAP_PROPERTIES, image_index, properties, said
from compiler.checks._tech_images import player_advances, tech_image_names
from compiler.checks._unit_owners import unit_owners
from compiler.checks.context import CheckContext
from compiler.checks.unknown_technology import BUILTIN_ADVANCES
from compiler.mapfolder.file_index import FileIndex
from compiler.problems import Location, Problem, Severity

ID = "missing-unit-image"
SEVERITY = Severity.WARNING
UNIT_DAMAGE = "Damage From Bombing Done To Units Instead Of Territories"
# At most this many players named per unit type (the rest are counted).
MAX_NAMED = 6


def _number(value: str | None) -> int:
    try:
        return int((value or "").strip())
    except ValueError:
        return 0


def can_be_damaged(options: dict[str, str], bombing_damages_units: bool) -> bool:
    """Whether TripleA can draw this unit type damaged (`_hit`)."""
    explicit = options.get("canBeDamaged")  # an explicit canBeDamaged wins over the isFactory it implies
    bombable = (explicit if explicit is not None else options.get("isFactory") or "").strip().lower() == "true"
    return _number(options.get("hitPoints")) > 1 or (bombing_damages_units and bombable)


def image_of(index: FileIndex, player: str, name: str) -> bool:
    """Whether TripleA finds an image for unit image `name` of `player` (the map's, else the engine's)."""
    return index.resolves(f"units/{player}/{name}.png") or index.resolves(f"units/{name}.png")


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = image_index(ctx)
    if index is None:
        return
    mapping = properties(ctx, MAP_PROPERTIES)
    undrawn = set(mapping.entries["dont_draw_units"].value.split(",")) if mapping and \
        "dont_draw_units" in mapping.entries else set()
    bombing = (ctx.model.property_value(UNIT_DAMAGE) or "").strip().lower() == "true"
    locs = dict(zip(ctx.model.unit_types, ctx.model.unit_type_locs, strict=False))
    advances = {player: frozenset(given) for player, given in player_advances(ctx).items()}
    names_given: dict[tuple[str, frozenset[str]], dict[str, tuple[str, ...]]] = {}  # tech_image_names, once
    for unit, owners in sorted(unit_owners(ctx).items()):
        if unit in undrawn:
            continue
        options = ctx.unit_options.get(unit, {})
        damaged = can_be_damaged(options, bombing) and not unit.endswith(("_hit", "_disabled"))
        hit = ("", "_hit") if damaged else ("",)  # TripleA adds no suffix to a name ending in one
        wanted: dict[str, tuple[set[str], tuple[str, ...]]] = {}  # image name -> players, advances giving it
        for suffix in hit:
            wanted[unit + suffix] = (set(owners), ())
        for player in owners:
            key = (unit, advances.get(player, frozenset()))
            if key not in names_given:
                names_given[key] = tech_image_names(unit, options, key[1])
            for name, given in names_given[key].items():
                for suffix in hit:
                    wanted.setdefault(name + suffix, (set(), given))[0].add(player)
        for name, (players, given) in wanted.items():
            lacking = sorted(p for p in players if not image_of(index, p, name))
            if lacking:
                yield _finding(ctx, index, unit, name, lacking, given, locs.get(unit) or ctx.game_loc)


def _finding(ctx: CheckContext, index: FileIndex, unit: str, name: str, lacking: list[str],
             given: tuple[str, ...], loc: Location) -> Problem:
    """The finding for image `name` of `unit` that players `lacking` can need (`given`: the advances that
    make TripleA draw it, none for the plain image)."""
    shown = ", ".join(f"'{p}'" for p in lacking[:MAX_NAMED])
    more = f" and {len(lacking) - MAX_NAMED} more" if len(lacking) > MAX_NAMED else ""
    hint = said(f"units/{lacking[0]}/{name}.png", index) or said(f"units/{name}.png", index)
    what = "damaged " if name.endswith("_hit") and not unit.endswith("_hit") else ""
    if given:
        techs = " and ".join(BUILTIN_ADVANCES.get(a, a) for a in given)
        return Problem(ID, f"no image units/<player>/{name}.png (nor units/{name}.png) for {what}unit '{unit}' of "
                       f"player {shown}{more}, who can come to have {techs}{hint}: once they do, TripleA draws a "
                       "'missing unit image' placeholder for it", loc, SEVERITY)
    return Problem(ID, f"no image units/<player>/{name}.png (nor units/{name}.png) for {what}unit '{unit}' of "
                   f"player {shown}{more}, who can own it{hint}: TripleA draws a 'missing unit image' "
                   "placeholder", loc, SEVERITY)

