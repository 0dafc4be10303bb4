"""A game property is not a misspelling of one TripleA or the map's conditions read.

A game property that TripleA does not know is reported when it is a slip of one that is read: a property
TripleA knows, one the map's own conditions read (`gameProperty`), or a player's or alliance's property
(`<player> bid`, `<alliance> Total Victory VCs` ...) naming a player or alliance slightly off. TripleA keeps
every property of the game XML, shows the editable ones in the game options and reads only the names it
knows, so such a slip silently leaves its rule at the default: `MaxFactoriesPerTerritory` (for
`maxFactoriesPerTerritory`), `Two hit battleship1`, `Caledonian bid` (the player is `Caledonians`), or a
`Turn Off Tutorial Notifacations` switch when the map's conditions read `Turn Off Tutorial Notifications`.
A word renamed throughout the map (`Troopship` for `Transport`, `Locals` for the `Neutrals` of a property
after the player was renamed) counts as a slip when the renaming recurs or names a player or alliance.

Any other unknown property is not reported: TripleA keeps it and never acts on it, and maps keep such names
on purpose or harmlessly: their own notes and switches (a property an attachment names is the map's own),
properties of older TripleA releases copied from template maps (`Allied Air Dependents`, `Hari-Kari Units`),
bids and victory counts for players or alliances the game does not have (left from a template).

Failing::

    <property name="Low Luck For Bombing And Territory Damag" value="true" editable="true"/>

Passing::

    <property name="Low Luck for Bombing and Territory Damage" value="true" editable="true"/>

How to fix: spell the property as TripleA reads it (the message suggests the closest), or remove it.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from compiler.checks._catalog import property_known
from compiler.checks._unknown import edit_distance, near_miss
from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance
from compiler.model.game import Property
from compiler.problems import Problem, Severity

ID = "unknown-property"
SEVERITY = Severity.WARNING
# An attachment option naming a game property the map's conditions read.
READS_PROPERTY = "gameProperty"
# A renamed word is a slip when this many of the game's unknown properties share the renaming.
RENAMED_TWICE = 2


def used_by_attachments(ctx: CheckContext, names: set[str]) -> set[str]:
    """Those of `names` an attachment uses: an option value or a colon-separated part of one (names a map's
    conditions may read)."""
    used: set[str] = set()
    for values, _ in ctx.per_instance("property names", _property_names):
        if not names.isdisjoint(values):
            used |= names & values
    return used


def read_by_map(ctx: CheckContext) -> set[str]:
    """The game properties the map's conditions read (`gameProperty` options)."""
    return set().union(*(read for _, read in ctx.per_instance("property names", _property_names)))


def _property_names(inst: AttachmentInstance) -> tuple[frozenset[str], frozenset[str]]:
    """The option values of an instance and their colon-separated parts; its `gameProperty` values stripped."""
    values = {ov.value for ov in inst.options}
    used = frozenset(values.union(*(value.split(":") for value in values if ":" in value)))
    return used, frozenset(ov.value.strip() for ov in inst.options if ov.option.name == READS_PROPERTY)


def _owner_slip(owner: str, names: set[str]) -> str | None:
    """The player or alliance `owner` is a slip of: one starts the other ('Pict', 'Picts'; 'Japanese', 'Japan')
    or they are two letters apart ('Germans', 'Germany')."""
    for name in sorted(names):
        shorter, longer = sorted((owner, name), key=len)
        if len(shorter) >= 3 and longer.startswith(shorter):
            return name
    return next((name for name in sorted(names) if edit_distance(owner, name, 2) <= 2), None)


def _owner_hint(ctx: CheckContext, name: str) -> str | None:
    """For a player's or alliance's property ('Caledonian bid', 'Zombie Economic Victory') naming neither a
    player nor an alliance: the sentence saying which player or alliance it was meant for, or None."""
    pattern = ctx.catalog.property(name)
    if pattern is None or pattern.pattern is None:
        return None
    holder, _, suffix = pattern.name.partition(" ")
    owner = name[: -len(suffix) - 1]
    kind, names = ("player", ctx.model.player_names()) if holder == "{player}" else (
        "alliance", {a.alliance for a in ctx.model.alliances})
    meant = _owner_slip(owner, names)
    if meant is None:
        return None
    return (f"TripleA reads '{pattern.name.replace(holder, '<' + kind + '>')}' only for the game's {kind}s and "
            f"'{owner}' is none, so {kind} '{meant}' keeps the default (did you mean '{meant} {suffix}'?)")


def _renamings(unknown: list[str], known: set[str]) -> dict[str, list[tuple[str, str, str]]]:
    """name -> (known name, word in the known name, word put in its place) for each known name that differs
    from the unknown name, of three words or more, in one word."""
    by_length: dict[int, list[list[str]]] = {}
    for name in sorted(known):
        by_length.setdefault(len(name.split()), []).append(name.split())
    found: dict[str, list[tuple[str, str, str]]] = {}
    for name in unknown:
        words = name.split()
        if len(words) < 3:
            continue
        for other in by_length.get(len(words), []):
            differ = [i for i, (a, b) in enumerate(zip(words, other, strict=True)) if a != b]
            if len(differ) == 1:
                found.setdefault(name, []).append((" ".join(other), other[differ[0]], words[differ[0]]))
    return found


def _renamed(ctx: CheckContext, unknown: list[str], known: set[str]) -> dict[str, str]:
    """name -> the known property it renames a word of, when the same renaming recurs in the game's unknown
    properties or puts a player's or alliance's name in ('Locals Are Impassable' in a game with a player
    'Locals')."""
    found = _renamings(unknown, known)
    counts = Counter(pair for options in found.values() for pair in {(old, new) for _, old, new in options})
    owners = ctx.model.player_names() | {a.alliance for a in ctx.model.alliances}
    meant: dict[str, str] = {}
    for name, options in found.items():
        chosen = [known_name for known_name, old, new in options if counts[old, new] >= RENAMED_TWICE or new in owners]
        if chosen:
            meant[name] = chosen[0]
    return meant


def _unknown(ctx: CheckContext) -> list[Property]:
    """The game's properties TripleA does not read and no attachment names."""
    candidates = [p for p in ctx.model.properties if property_known(ctx, p.name) is False]
    if not candidates:
        return []
    used = used_by_attachments(ctx, {p.name for p in candidates})
    return [p for p in candidates if p.name not in used]


def check(ctx: CheckContext) -> Iterator[Problem]:
    unknown = _unknown(ctx)
    if not unknown:
        return
    read = read_by_map(ctx)
    known = ctx.catalog.property_names() | read
    renamed = _renamed(ctx, [p.name for p in unknown], known)
    frozen = frozenset(known)  # near_miss remembers its answers per set of known names
    for prop in unknown:
        meant = near_miss(prop.name, frozen) or renamed.get(prop.name)
        if meant is not None:
            reader = "the map's conditions read" if meant in read else "TripleA reads"
            yield Problem(ID, f"unknown game property '{prop.name}' (did you mean '{meant}'?): TripleA never reads "
                              f"it, and '{meant}', which {reader}, keeps its default", prop.loc, SEVERITY)
            continue
        hint = _owner_hint(ctx, prop.name)
        if hint is not None:
            yield Problem(ID, f"unknown game property '{prop.name}': {hint}", prop.loc, SEVERITY)
