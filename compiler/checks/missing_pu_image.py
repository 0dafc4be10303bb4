"""A map that draws production values as images has one for every value its territories produce.

TripleA 2.x (TerritoryNameDrawable, PuImageFactory) writes a territory's production value (its
territoryAttachment's `production` or `productionOnly`, when above 0 and map.properties' `map.showResources`
is not false) as the image `PUs/<value>.png` of the map folder; without that image it writes the number in
plain text instead. A map without a `PUs/` folder shows every value as text, which is fine; a map with one
shows images for some territories and plain numbers for the values it lacks (reported), and a map whose PUs/
images are all of another format (.gif) shows none of them (reported). A map whose PUs/ folder has no image
of any value its territories produce writes them all as text, alike everywhere (not reported). Its engine
ships no PU images.

Failing (territories produce 1, 2 and 12; the map folder holds)::

    PUs/1.png
    PUs/2.png

Passing::

    PUs/1.png
    PUs/2.png
    PUs/12.png

How to fix: add the images the message names to `PUs/`, drawn like the others.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import MAP_PROPERTIES, image_index, properties, said
from compiler.checks.context import CheckContext
from compiler.model.vocabulary import TERRITORY
from compiler.problems import Location, Problem, Severity

ID = "missing-pu-image"
SEVERITY = Severity.WARNING
_VALUE_OPTIONS = ("production", "productionOnly")  # the last one set wins, as TripleA applies them in order
_NAMED = 8  # how many values a finding names
_OTHER_FORMATS = ("gif", "jpg", "jpeg")


def _production(ctx: CheckContext) -> dict[int, tuple[str, Location]]:
    """Production value above 0 -> the first territory that produces it, and where it is set."""
    values: dict[int, tuple[str, Location]] = {}
    for inst in ctx.named(TERRITORY):
        found: tuple[int, Location] | None = None
        for ov in inst.options:
            if ov.option.name in _VALUE_OPTIONS:
                try:
                    found = int(ov.value.strip()), ov.option.loc
                except ValueError:
                    continue  # property-value reports it
        if found is not None and found[0] > 0:
            values.setdefault(found[0], (inst.attach_to, found[1]))
    return values


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = image_index(ctx)
    if index is None or not index.under("PUs"):
        return
    mapping = properties(ctx, MAP_PROPERTIES)
    shown = mapping.entries.get("map.showResources") if mapping else None
    if shown is not None and shown.value.lower() != "true":
        return
    values = _production(ctx)
    lacking = sorted((value, where) for value, where in values.items() if not index.has(f"PUs/{value}.png"))
    other = [f"PUs/{v}.{ext}" for v, _ in lacking for ext in _OTHER_FORMATS if index.has(f"PUs/{v}.{ext}")]
    if not lacking or (len(lacking) == len(values) and not other):
        return  # every value drawn as an image, or every value written as text: the map looks alike everywhere
    value, (territory, loc) = lacking[0]
    names = ", ".join(f"PUs/{v}.png" for v, _ in lacking[:_NAMED]) + (" ..." if len(lacking) > _NAMED else "")
    hint = f" (only {', '.join(other[:3])}{' ...' if len(other) > 3 else ''}: TripleA reads .png only)" if other \
        else said(f"PUs/{value}.png", index)
    yield Problem(ID, f"the map draws production values from PUs/ but has no {names} (first needed by territory "
                      f"'{territory}', which produces {value}){hint}: TripleA writes those values as plain numbers"
                      f"{'' if len(lacking) == len(values) else ' among the images'}", loc, SEVERITY)
