"""Mutants of real games for the differential suite: each one small edit of a game TripleA 2.7 loads.

A family module (families/*.py) yields `Mutant`s built from `Base` games with the edit helpers here;
tests/oracle/differential/test_differential.py writes them out and asks TripleA 2.7 and our validator
for a verdict on each.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "reference" / "corpus"
ATTACHMENTS = "games.strategy.triplea.attachments."


@dataclass(frozen=True)
class Mutant:
    """One case: `family` and `name` identify it (file family/base-name.xml), `edit` says what changed."""

    family: str
    name: str
    xml: bytes
    edit: str


class Base:
    """A real game that TripleA 2.7 loads, parsed once; `root()` is a fresh copy for one mutant."""

    def __init__(self, label: str, path: Path) -> None:
        self.label = label
        self.path = path
        parser = etree.XMLParser(remove_blank_text=False, resolve_entities=False, load_dtd=False, no_network=True)
        self._tree = etree.parse(str(path), parser)

    def root(self) -> etree._Element:
        return copy.deepcopy(self._tree.getroot())

    def serialize(self, root: etree._Element) -> bytes:
        """The mutant's bytes: the base's XML declaration and DOCTYPE, then `root`."""
        doctype = self._tree.docinfo.doctype
        head = b'<?xml version="1.0" encoding="UTF-8"?>\n' + (doctype.encode() + b"\n" if doctype else b"")
        return head + etree.tostring(root, encoding="utf-8")

    def mutant(self, family: str, name: str, edit: str, change: Callable[[etree._Element], object]) -> Mutant:
        """Apply `change` to a fresh copy and name the result `<base>-<name>`."""
        root = self.root()
        change(root)
        return Mutant(family, f"{self.label}-{name}", self.serialize(root), edit)

    def text(self, family: str, name: str, edit: str, change: Callable[[str], str]) -> Mutant:
        """A mutant made by editing the serialized text (for what lxml cannot express, e.g. a broken tag)."""
        source = self.serialize(self.root()).decode("utf-8")
        return Mutant(family, f"{self.label}-{name}", change(source).encode("utf-8"), edit)

    # --- names the base defines -----------------------------------------------------------------
    def _names(self, xpath: str) -> list[str]:
        return [str(n) for n in self._tree.getroot().xpath(xpath)]

    @cached_property
    def units(self) -> list[str]:
        return self._names("unitList/unit/@name")

    @cached_property
    def players(self) -> list[str]:
        return self._names("playerList/player/@name")

    @cached_property
    def land(self) -> list[str]:
        return self._names("map/territory[not(@water='true')]/@name")

    @cached_property
    def sea(self) -> list[str]:
        return self._names("map/territory[@water='true']/@name")

    @cached_property
    def resources(self) -> list[str]:
        return self._names("resourceList/resource/@name")

    @cached_property
    def relationship_types(self) -> list[str]:
        return self._names("relationshipTypes/relationshipType/@name")

    @cached_property
    def territory_effects(self) -> list[str]:
        return self._names("territoryEffectList/territoryEffect/@name")

    @cached_property
    def techs(self) -> list[str]:
        return self._names("technology/technologies/techname/@name")

    @cached_property
    def frontiers(self) -> list[str]:
        return self._names("production/productionFrontier/@name")

    @cached_property
    def production_rules(self) -> list[str]:
        return self._names("production/productionRule/@name")

    @cached_property
    def steps(self) -> list[str]:
        return self._names("gamePlay/sequence/step/@name")

    def unit_flag(self, unit: str, option: str) -> str | None:
        """The value of `option` in `unit`'s unitAttachment, if set."""
        found = self._tree.getroot().xpath(
            "attachmentList/attachment[@attachTo=$u][@name='unitAttachment']/option[@name=$o]/@value",
            u=unit, o=option)
        return str(found[0]) if found else None

    def units_where(self, test: Callable[[str], bool]) -> list[str]:
        return [u for u in self.units if test(u)]

    def is_air(self, unit: str) -> bool:
        return (self.unit_flag(unit, "isAir") or "").lower() == "true"

    def is_sea(self, unit: str) -> bool:
        return (self.unit_flag(unit, "isSea") or "").lower() == "true"


# --- edits ----------------------------------------------------------------------------------------
def attachment_list(root: etree._Element) -> etree._Element:
    found = root.find("attachmentList")
    if found is None:
        found = etree.SubElement(root, "attachmentList")
    return found


def find_attachment(root: etree._Element, name: str, attach_to: str) -> etree._Element | None:
    for att in root.iterfind("attachmentList/attachment"):
        if att.get("name") == name and att.get("attachTo") == attach_to:
            return att
    return None


def add_attachment(root: etree._Element, name: str, java_class: str, attach_to: str, type_: str,
                   options: Sequence[tuple[str, str] | tuple[str, str, str]] = (), *,
                   first: bool = False) -> etree._Element:
    """A new <attachment> (javaClass given short, e.g. "UnitAttachment") at the end of the list, or
    first with `first`; options are (name, value) or (name, value, count)."""
    att = etree.Element("attachment", name=name, attachTo=attach_to,
                        javaClass=ATTACHMENTS + java_class if "." not in java_class else java_class, type=type_)
    for opt in options:
        set_option(att, *opt, replace=False)
    holder = attachment_list(root)
    if first:
        holder.insert(0, att)
    else:
        holder.append(att)
    return att


def set_option(att: etree._Element, name: str, value: str, count: str | None = None, *,
               replace: bool = True) -> etree._Element:
    """Set option `name` of `att` (replacing an existing one unless `replace` is False)."""
    found = att.find(f"option[@name='{name}']") if replace and "'" not in name else None
    if found is None:
        found = etree.SubElement(att, "option", name=name)
    found.set("value", value)
    if count is not None:
        found.set("count", count)
    elif "count" in found.attrib:
        del found.attrib["count"]
    return found


def unit_attachment(root: etree._Element, unit: str) -> etree._Element:
    found = find_attachment(root, "unitAttachment", unit)
    if found is None:
        raise LookupError(f"no unitAttachment for {unit}")
    return found


def remove(element: etree._Element | None) -> None:
    if element is not None:
        parent = element.getparent()
        if parent is not None:
            parent.remove(element)


def safe_name(text: str) -> str:
    """A file-name part for a value or option name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)[:60] or "empty"


def bases() -> list[Base]:
    """The games every family mutates: our compiled two_fronts.xml and three small real games of the
    corpus (one of them TripleA's own AI test map)."""
    found = [Base("two_fronts", ROOT / "output" / "two_fronts.xml")]
    for label, name in (("minimap", "minimap.xml"), ("test1", "Test1.xml"), ("ctf", "capture_the_flag.xml")):
        found.append(Base(label, CORPUS / name))
    return found


FamilyFn = Callable[[list[Base]], Iterator[Mutant]]
