"""Lower the pass-through attachments: any TripleA attachment, kept in the order given."""

from __future__ import annotations

from compiler.lower.values import options
from compiler.model import Attachment
from compiler.model.vocabulary import qualified_class
from compiler.spec.models import Spec


def raw_attachments(spec: Spec) -> list[Attachment]:
    return [
        Attachment(name=a.name, attach_to=a.attach_to, java_class=qualified_class(a.java_class),
                   type=a.type, foreach=a.foreach, options=options(a.options, a.loc), loc=a.loc)
        for a in spec.attachments
    ]
