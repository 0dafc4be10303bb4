"""Every unit type has an image for every player who can come to own it.

TripleA 2.x (UnitImageFactory) draws a unit of player P from `units/P/<type>.png`, else `units/<type>.png`;
a damaged one (a unit with more than one hit point that took a hit, or a unit bombed while "Damage From
Bombing Done To Units Instead Of Territories" is on) from `<type>_hit.png` alike. Names are matched exactly
(a case-sensitive system finds no `Infantry.png` for infantry). It looks in the map folder, then among the
images its engine ships (the classic units of Germans, Russians, Japanese, Americans, British, Italians,
Chinese, French and Neutral: compiler/schemas/catalog/engine_assets.json). Without the image it draws a grey
"missing unit image" placeholder (since 2.6; it was invisible before). The players who can own a unit:
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
from compiler.checks._unit_owners import unit_owners
from compiler.checks.context import CheckContext
from compiler.mapfolder.file_index import FileIndex
from compiler.problems import Problem, Severity

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
    for unit, owners in sorted(unit_owners(ctx).items()):
        if unit in undrawn:
            continue
        damaged = can_be_damaged(ctx.unit_options.get(unit, {}), bombing) and not unit.endswith(("_hit", "_disabled"))
        names = [unit] + ([f"{unit}_hit"] if damaged else [])  # TripleA adds no suffix to a name ending in one
        for name in names:
            lacking = sorted(p for p in owners if not image_of(index, p, name))
            if not lacking:
                continue
            shown = ", ".join(f"'{p}'" for p in lacking[:MAX_NAMED])
            more = f" and {len(lacking) - MAX_NAMED} more" if len(lacking) > MAX_NAMED else ""
            hint = said(f"units/{lacking[0]}/{name}.png", index) or said(f"units/{name}.png", index)
            what = "damaged " if name != unit else ""
            yield Problem(ID, f"no image units/<player>/{name}.png (nor units/{name}.png) for {what}unit '{unit}' of "
                          f"player {shown}{more}, who can own it{hint}: TripleA draws a 'missing unit image' "
                          "placeholder", locs.get(unit) or ctx.game_loc, SEVERITY)

