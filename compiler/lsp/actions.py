"""Code actions: the fixes (compiler/fixes) of the problems in the range asked about, as workspace edits."""

from __future__ import annotations

import importlib

from lsprotocol import types as lsp

from compiler.lsp.diagnostics import diagnostics_by_uri
from compiler.lsp.documents import Documents, uri_of
from compiler.lsp.textpos import offset_position, split_lines, token_range
from compiler.problems import Problem


def _overlaps(p: Problem, lines: list[str], rng: lsp.Range) -> bool:
    at = token_range(lines, p.location.line, p.location.column)
    return not ((at.end.line, at.end.character) < (rng.start.line, rng.start.character)
                or (at.start.line, at.start.character) > (rng.end.line, rng.end.character))


def code_actions(docs: Documents, path: str, rng: lsp.Range, problems: list[Problem]) -> list[lsp.CodeAction] | None:
    """A quick fix for each fix of the problems of `path` that touch `rng` (safe ones preferred)."""
    # compiler.fixes.find is written on another branch at the same time: imported when a fix is asked for
    fixes_for = importlib.import_module("compiler.fixes.find").fixes_for

    lines = split_lines(docs.text(path) or "")
    here = [p for p in problems if p.location.path == path and _overlaps(p, lines, rng)]
    if not here:
        return None
    fixes = fixes_for(here, docs.read_bytes)
    diagnostics = diagnostics_by_uri(docs, {path: here}).get(uri_of(path), [])
    out = []
    data_of: dict[str, bytes] = {}
    for fix in fixes:
        changes: dict[str, list[lsp.TextEdit]] = {}
        for edit in fix.edits:
            if edit.path not in data_of:
                data_of[edit.path] = docs.read_bytes(edit.path)
            data = data_of[edit.path]
            changes.setdefault(uri_of(edit.path), []).append(lsp.TextEdit(
                range=lsp.Range(start=offset_position(data, edit.start), end=offset_position(data, edit.end)),
                new_text=edit.text.decode("utf-8", errors="replace")))
        answered = [d for d, p in zip(diagnostics, here, strict=True)
                    if p.code == fix.code and p.location == fix.location]
        out.append(lsp.CodeAction(title=fix.title + ("" if fix.safe else " (changes what the game does)"),
                                  kind=lsp.CodeActionKind.QuickFix, diagnostics=answered or None,
                                  is_preferred=fix.safe, edit=lsp.WorkspaceEdit(changes=changes)))
    return out or None
