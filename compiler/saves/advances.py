"""The technological advances a save's history gives players, read from the changes TripleA records.

TripleA's TechTracker.addAdvance (its TechActivationDelegate activating what research discovered or sharing it
with an ally, a trigger's `tech`, an edit) writes the advance into the player's techAttachment: a
ChangeAttachmentChange (attachmentName techAttachment, the advance's property such as longRangeAir, newValue
"true"; an edit's removal "false"), or a GenericTechChange for a game's own advance that proxies no built-in
one. The change, not the history's wording, makes the advance count, from that event on. The advance is
named as the game names it: its technology frontier's TechAdvance with that property (a `techname` proxying a
built-in advance keeps its own name), else TripleA's built-in name (compiler/catalog/advances.py).
"""

from __future__ import annotations

from typing import Any

from compiler.catalog.advances import BUILTIN_ADVANCES
from compiler.engine.events import AdvanceGained
from compiler.saves.groups import EventGroup
from compiler.saves.java import get, is_a, items, name_of, short_class, text

TECH_ATTACHMENT = "techAttachment"

_PROPERTY_OF = {name: prop for prop, name in BUILTIN_ADVANCES.items()}
"""a built-in advance's name -> its property (a built-in TechAdvance keeps only its name in a save)"""


def _property(advance: Any) -> str | None:
    """The techAttachment property a TechAdvance of the save is recorded by (TechAdvance.getProperty)."""
    name = name_of(advance)
    if is_a(advance, "GenericTechAdvance"):
        proxied = get(advance, "advance")
        return _PROPERTY_OF.get(name_of(proxied) or "") if proxied is not None else name
    return _PROPERTY_OF.get(name or "")


def advance_names(game_data: Any) -> dict[str, str]:
    """property -> the name the game gives the advance it records (the game's technology frontier first)."""
    names = dict(BUILTIN_ADVANCES)
    for advance in items(get(get(game_data, "technologyFrontier"), "techs")):
        prop, name = _property(advance), name_of(advance)
        if prop and name:
            names[prop] = name
    return names


def _flag(value: Any) -> bool | None:
    """A change's new value as a boolean ("true", a Boolean, a boolean); None when it is none of them."""
    if isinstance(value, bool):
        return value
    said = text(get(value, "value")) if is_a(value, "Boolean") else text(value)
    return {"true": True, "false": False}.get((said or "").strip().lower())


def advance_events(group: EventGroup, names: dict[str, str]) -> list[AdvanceGained]:
    """The advances the group's changes give (or, an edit, take from) players, in order."""
    out = []
    for change in group.changes:
        kind = short_class(change)
        if kind == "ChangeAttachmentChange":
            if text(get(change, "attachmentName")) != TECH_ATTACHMENT:
                continue
            prop = text(get(change, "property"))
            if prop not in names:  # techCost and other properties that are no advance
                continue
        elif kind == "GenericTechChange":
            prop = text(get(change, "property"))
        else:
            continue
        gained, player = _flag(get(change, "newValue")), name_of(get(change, "attachedTo"))
        if prop and gained is not None and player:
            out.append(AdvanceGained(**{**group.base(), "player": player}, advance=names.get(prop, prop),
                                     property=prop, gained=gained))
    return out
