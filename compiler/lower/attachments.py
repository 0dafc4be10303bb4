"""Lower the pass-through attachments: any TripleA attachment, kept in the order given. A generated entry
(`for:`) becomes its attachments in the order of its combinations; a group, its attachments in turn for
each combination (compiler/spec/generate.py)."""

from __future__ import annotations

from compiler.lower.generate import CODE, Bindings, GenerateError, Path, combinations, fill, fill_text
from compiler.lower.values import options
from compiler.model import Attachment
from compiler.model.game import trusted
from compiler.model.vocabulary import qualified_class
from compiler.problems import Problem
from compiler.spec.models import AttachmentGroup, AttachmentSpec, Spec


def raw_attachments(spec: Spec) -> tuple[list[Attachment], list[Problem]]:
    """The attachments of `attachments:`, and the located problems of entries that cannot be expanded."""
    made: list[Attachment] = []
    problems: list[Problem] = []
    for index, entry in enumerate(spec.attachments):
        path: Path = ("attachments", index)
        try:
            if isinstance(entry, AttachmentGroup):
                for bound in combinations(entry.for_, entry.distinct, spec.lists, (*path, "for")):
                    for inner, a in enumerate(entry.attachments):
                        made += _expand(spec, a, bound, (*path, "attachments", inner))
            else:
                made += _expand(spec, entry, None, path)
        except GenerateError as err:
            problems.append(Problem(CODE, err.message, spec.where(*err.path)))
    return made, problems


def _expand(spec: Spec, a: AttachmentSpec, outer: Bindings | None, path: Path) -> list[Attachment]:
    """The attachments of one entry: itself, or one per combination of its `for:` (added to `outer`). In a
    group, `distinct` without `for:` leaves the entry out of the group's combinations that repeat a value."""
    if a.for_ is None:
        if a.distinct:
            if outer is None:
                raise GenerateError("distinct without `for:`: an entry that is not generated has nothing to compare",
                                    (*path, "distinct"))
            if not combinations([{}], a.distinct, spec.lists, (*path, "distinct"), outer):  # a value repeats
                return []
        return [_attachment(spec, a, outer, path)]
    return [_attachment(spec, a, bound, path)
            for bound in combinations(a.for_, a.distinct, spec.lists, (*path, "for"), outer)]


def _attachment(spec: Spec, a: AttachmentSpec, bound: Bindings | None, path: Path) -> Attachment:
    """The attachment an entry stands for under one binding (None: not generated, its texts as written)."""

    def said(field: str, value: str) -> str:
        return value if bound is None else fill_text(value, bound, (*path, field))

    return trusted(Attachment, {  # every field is text of the spec's validated entry, or built here
        "loc": a.loc, "name": said("name", a.name), "attach_to": said("attach_to", a.attach_to),
        "java_class": qualified_class(a.java_class), "type": said("type", a.type),
        "foreach": None if a.foreach is None else said("foreach", a.foreach),
        "options": options(fill(a.options, bound, spec.lists, (*path, "options")), a.loc)})
