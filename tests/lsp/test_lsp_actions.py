"""Code actions: a problem's fix (compiler/fixes) offered as a quick fix whose edit removes the problem."""

from __future__ import annotations

import pytest
from lsp_session import CLASSIC, apply_edits, diagnostics_when, doc, open_file, replace_all
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

GAME = CLASSIC / "games" / "classic.xml"


@pytest.mark.asyncio
async def test_the_fix_of_a_repeated_connection(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    found = await diagnostics_when(client, uri, lambda d: any(x.code == "duplicate-connection" for x in d))
    repeated = next(d for d in found if d.code == "duplicate-connection")
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=doc(uri), range=repeated.range, context=lsp.CodeActionContext(diagnostics=[repeated])))
    assert actions, "no quick fix offered for the repeated connection"
    fix = next(a for a in actions if isinstance(a, lsp.CodeAction) and a.diagnostics
               and any(d.code == "duplicate-connection" for d in a.diagnostics))
    assert fix.kind == lsp.CodeActionKind.QuickFix
    assert fix.edit is not None and fix.edit.changes is not None and list(fix.edit.changes) == [uri]
    fixed = apply_edits(text, fix.edit.changes[uri])
    assert len(fixed) < len(text) and fixed.count("<connection ") == text.count("<connection ") - 1
    replace_all(client, uri, fixed, 2)
    await diagnostics_when(client, uri, lambda d: not any(x.code == "duplicate-connection" for x in d))

    # nothing to fix on a line without a problem
    none = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=doc(uri), range=lsp.Range(start=lsp.Position(line=2, character=0),
                                                end=lsp.Position(line=2, character=3)),
        context=lsp.CodeActionContext(diagnostics=[])))
    assert not none
