"""Helpers of the language server tests: open a file, edit it, wait for its diagnostics, ask at a name."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient
from reference_data import REFERENCE

CLASSIC = REFERENCE / "maps" / "world_war_ii_classic" / "map"

TIMEOUT = 60.0


def open_file(client: LanguageClient, path: Path, text: str | None = None, language: str = "xml") -> str:
    """Open `path` in the server (its text, or `text`); its URI."""
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=uri, language_id=language, version=1, text=path.read_text(encoding="utf-8") if text is None else text)))
    return uri


def replace_all(client: LanguageClient, uri: str, text: str, version: int) -> None:
    """Send the buffer's whole new text."""
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))


async def diagnostics_when(client: LanguageClient, uri: str,
                           wanted: Callable[[Sequence[lsp.Diagnostic]], bool]) -> Sequence[lsp.Diagnostic]:
    """The diagnostics of `uri` once they satisfy `wanted` (fails after TIMEOUT seconds)."""
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        found = client.diagnostics.get(uri)
        if found is not None and wanted(found):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics as wanted for {uri}: {client.diagnostics.get(uri)}")


def position_of(text: str, needle: str, within: int = 1, nth: int = 0) -> lsp.Position:
    """The position `within` characters into the `nth` occurrence of `needle` in `text` (ASCII text)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += within
    line = text.count("\n", 0, at)
    return lsp.Position(line=line, character=at - (text.rfind("\n", 0, at) + 1))


def doc(uri: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri=uri)


def apply_edits(text: str, edits: Sequence[lsp.TextEdit]) -> str:
    """`text` with LSP edits applied (ASCII text: characters are UTF-16 units)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(p: lsp.Position) -> int:
        return starts[p.line] + p.character

    for e in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[:offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text
