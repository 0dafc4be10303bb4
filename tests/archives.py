"""Zip archives built in memory, for the tests that feed the readers map folders as zips."""

from __future__ import annotations

import io
import zipfile


def zip_bytes(members: dict[str, bytes]) -> bytes:
    """A deflated zip of `members` (name -> content)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()
