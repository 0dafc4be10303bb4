"""Every player has the flags TripleA loads for it.

TripleA 2.x (FlagIconImageFactory) loads for each player P `flags/P.gif` or `flags/P.png` (the player
list, units on the map, the bottom bar) and `flags/P_small.gif` or `flags/P_small.png` (statistics,
history, chat); `flags/P_large.png` where P's capital is marked (a territory whose `capital` is P, unless
map.properties sets `map.showCapitolMarkers=false`); `flags/P_fade.*` on the kamikaze zones P owns and
`flags/P_convoy.*` on P's convoy zones when `map.useNation_convoyFlags=true`. It looks in the map folder,
then among the flags its engine ships (Germans, Russians, Japanese, Americans, British, Italians, Chinese,
French, Neutral and some 20 more: compiler/schemas/catalog/engine_assets.json); its fallback
`flags/missing_flag.png` is not shipped, so a missing flag throws "Image Not Found" (IllegalStateException):
a missing `P.*` or `P_small.*` makes "Failed to start game" (triplea #13741, the comment panel's small
flags), a missing `_large` or `_fade` flag breaks drawing the map's tiles that show it (#7805). Names are
matched exactly, as Linux and macOS do.

Failing (the game has player Saxons; the map folder holds)::

    flags/Saxons.png

Passing (the map folder holds)::

    flags/Saxons.png
    flags/Saxons_small.png
    flags/Saxons_large.png      (Saxons has a capital)

How to fix: add the flag images the message names to the map's `flags/` folder, named exactly after the player.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_folder import MAP_PROPERTIES, image_index, properties, said
from compiler.checks.context import CheckContext
from compiler.mapfolder.file_index import FileIndex
from compiler.model.vocabulary import TERRITORY
from compiler.problems import Problem, Severity

ID = "missing-flag"
SEVERITY = Severity.ERROR


def _flag_of(ctx: CheckContext, key: str, default: bool) -> bool:
    found = properties(ctx, MAP_PROPERTIES)
    entry = found.entries.get(key) if found else None
    return default if entry is None else entry.value.lower() == "true"


def _territory_option_players(ctx: CheckContext) -> tuple[set[str], set[str], set[str]]:
    """Players with a capital, owners of kamikaze zones, owners of convoy zones (as the game starts)."""
    owner = {o.territory: o.owner for o in ctx.model.territory_owners}
    capitals: set[str] = set()
    kamikaze: set[str] = set()
    convoy: set[str] = set()
    for inst in ctx.named(TERRITORY):
        opts = {ov.option.name: ov.value.strip() for ov in inst.options}
        if opts.get("capital"):
            capitals.add(opts["capital"])
        first = opts.get("originalOwner") or owner.get(inst.attach_to)
        if first and inst.attach_to in ctx.water:
            if opts.get("kamikazeZone", "").lower() == "true":
                kamikaze.add(first)
            if opts.get("convoyRoute", "").lower() == "true" or opts.get("production", "0") not in ("", "0"):
                convoy.add(owner.get(inst.attach_to, first))
    return capitals, kamikaze, convoy


def _missing(index: FileIndex, player: str, suffix: str, extensions: tuple[str, ...]) -> str | None:
    """The name TripleA tries last (the one the message checks for a case variant) when none exists, else None."""
    names = [f"flags/{player}{suffix}.{ext}" for ext in extensions]
    return None if any(index.resolves(n) for n in names) else names[-1]


def check(ctx: CheckContext) -> Iterator[Problem]:
    index = image_index(ctx)
    if index is None:
        return
    capitals, kamikaze, convoy = _territory_option_players(ctx)
    wanted: list[tuple[str, tuple[str, ...], set[str], str]] = [
        ("", ("gif", "png"), set(), "cannot show this player (player list, bottom bar, units' flags): "
         "'Image Not Found'"),
        ("_small", ("gif", "png"), set(), "cannot open the game ('Failed to start game: Image Not Found')"),
    ]
    if _flag_of(ctx, "map.showCapitolMarkers", True):
        wanted.append(("_large", ("png",), capitals, "fails drawing the map around its capital ('Image Not Found')"))
    wanted.append(("_fade", ("gif", "png"), kamikaze, "fails drawing its kamikaze zones ('Image Not Found')"))
    if _flag_of(ctx, "map.useNation_convoyFlags", False):
        wanted.append(("_convoy", ("gif", "png"), convoy, "fails drawing its convoy zones ('Image Not Found')"))
    for player in ctx.model.players:
        for suffix, extensions, only, where in wanted:
            if suffix in ("_large", "_fade", "_convoy") and player.name not in only:
                continue
            missing = _missing(index, player.name, suffix, extensions)
            if missing is None:
                continue
            alternatives = " or ".join(f"flags/{player.name}{suffix}.{ext}" for ext in extensions)
            yield Problem(ID, f"player '{player.name}' has no flag {alternatives}{said(missing, index)}, in the map "
                          f"or among TripleA's own: TripleA {where}", player.loc or ctx.game_loc, SEVERITY)
