"""TripleA 2.x's game-XML element mapper, replayed on a parsed tree: the tree regrouped as TripleA reads it.

TripleA 2.x does not read a tree. Its XmlMapper (lib/xml-reader: XmlMapper, XmlParser) walks the StAX event
stream: for an element of one of its classes (org.triplea.map.data.elements) it reads the attributes, and, when
the class has child elements (or a body text) to read, it takes the events that follow as that element's until
the first end tag *of the element's name* (any case), not until the element's own end tag. In a well-formed
file the two differ only when an element holds, among what it does not read itself (elements it ignores,
elements it reads attributes of only), another element of its name: then the first end tag of that name ends
it, and everything after is read as its parent's. E.g. an unclosed <step> before a self-closed one:

    <sequence>
      <step name="a" ...>          TripleA: step a ends at the end of step b (</step> of <step b/>),
        <step name="b" .../>       which it does not read (not a <stepProperty>), so step b is lost;
        <step name="c" .../>       step c and the rest are read as the sequence's steps
      </step>                      (an end tag the sequence ignores)
    </sequence>

`regroup` rebuilds the tree so that each element holds what TripleA reads as its own; the XML reader reads
that tree when an element ends early (it detects it while reading, see compiler/xml/parse.py) and the
original one otherwise. Element names are compared without case, as TripleA compares them. A <value>'s body
is the text since the last end tag before the one that ends it (TripleA restarts the text at each end tag):
in the regrouped tree it is the <value>'s text, without its child elements.
"""

from __future__ import annotations

from lxml import etree

# Each class with child elements to read, by its element's name (lower case): the names of those children.
# Every other element TripleA reads is read for its attributes only; <value> reads its body text. (2.7's
# classes; the calendar releases no longer read <triplea>, which changes nothing here: read for its attributes
# only or not at all, its children are its parent's either way.)
READS_CHILDREN: dict[str, frozenset[str]] = {
    name: frozenset(children.split()) for name, children in {
        "game": "info triplea attachmentlist attatchmentlist dicesides gameplay initialize map resourcelist "
                "playerlist unitlist relationshiptypes territoryeffectlist production technology propertylist "
                "variablelist",
        "attachmentlist": "attachment attatchment", "attatchmentlist": "attachment attatchment",
        "attachment": "option", "attatchment": "option",
        "gameplay": "delegate sequence offset", "sequence": "step", "step": "stepproperty",
        "initialize": "ownerinitialize unitinitialize resourceinitialize relationshipinitialize",
        "ownerinitialize": "territoryowner", "unitinitialize": "unitplacement heldunits",
        "resourceinitialize": "resourcegiven", "relationshipinitialize": "relationship",
        "map": "territory connection", "resourcelist": "resource", "playerlist": "player alliance",
        "unitlist": "unit", "relationshiptypes": "relationshiptype", "territoryeffectlist": "territoryeffect",
        "production": "productionrule repairrule repairfrontier productionfrontier playerproduction playerrepair",
        "productionrule": "cost result", "repairrule": "cost result", "repairfrontier": "repairrules",
        "productionfrontier": "frontierrules", "technology": "technologies playertech", "technologies": "techname",
        "playertech": "category", "category": "tech", "propertylist": "property", "property": "value number",
        "value": "", "variablelist": "variable", "variable": "element",
    }.items()
}
ROOT_CLASS = "game"  # the class TripleA maps the whole document to, whatever the root element's name
VALUE = "value"  # the one class that reads its body text


def lower_name(el: etree._Element) -> str:
    """The element's name in lower case ("" for what is not an element: an unexpanded entity)."""
    return el.tag.lower() if type(el.tag) is str else ""


def _set_body(value: etree._Element, text: str) -> None:
    """Make `text` the <value> copy's whole content."""
    for child in list(value):
        value.remove(child)
    value.text = text


class _Reading:
    """One element TripleA is reading the children of: its class's name and where its copy stands."""

    __slots__ = ("name", "reads", "depth")

    def __init__(self, name: str, depth: int) -> None:
        self.name = name
        self.reads = READS_CHILDREN[name]
        self.depth = depth  # the index of its copy in the stack of open copies (0 for the document)


def regroup(root: etree._Element) -> tuple[etree._Element, set[etree._Element]]:
    """A copy of the tree regrouped as TripleA reads it (see the module doc), and the copies of the elements
    whose end tag ended an element early (TripleA ignores each, and reads what follows as the ended element's
    parent's). Elements after the end of the whole game, as TripleA reads it, are left out."""
    readings = [_Reading(ROOT_CLASS, 0)]
    opened: list[etree._Element] = []  # the copies of the elements open at this point, outermost first
    copies: dict[etree._Element, etree._Element] = {}
    enders: set[etree._Element] = set()
    top: etree._Element | None = None  # the root's copy
    body: list[str] = []  # the text of the <value> TripleA is reading, since the last end tag
    for event, el in etree.iterwalk(root, events=("start", "end")):
        name = lower_name(el)
        reading = readings[-1]
        if event == "start":
            if opened:
                copy = etree.SubElement(opened[-1], el.tag, el.attrib)
            else:
                copy = top = etree.Element(el.tag, el.attrib)
            copy.text, copy.tail, copy.sourceline = el.text, el.tail, el.sourceline
            opened.append(copy)
            copies[el] = copy
            if name in reading.reads and name in READS_CHILDREN:
                readings.append(_Reading(name, len(opened) - 1))
                body = []
            if readings[-1].name == VALUE:
                body.append(el.text or "")
            continue
        copy = copies[el]
        if name == reading.name:  # the first end tag of its name ends the element TripleA is reading
            readings.pop()
            if name == VALUE:
                _set_body(opened[reading.depth], "".join(body))
            if opened[reading.depth] is not copy:
                enders.add(copy)
            del opened[reading.depth:]
            if not readings:  # the document's end, as TripleA reads it
                break
        else:
            if reading.name == VALUE:
                body = [el.tail or ""]
            if opened and opened[-1] is copy:
                opened.pop()
    assert top is not None
    return top, enders
