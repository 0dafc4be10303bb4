"""Diagnostics as the user types: the validator's problems on the game XML, and on the map folder's files
when an edit of the XML changes them (a territory renamed in the XML leaves its lines in centers.txt unknown)."""

from __future__ import annotations

import pytest
from lsp_session import CLASSIC, diagnostics_when, open_file, replace_all
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

GAME = CLASSIC / "games" / "classic.xml"
CENTERS = CLASSIC / "centers.txt"


@pytest.mark.asyncio
async def test_diagnostics_follow_the_edits_into_the_map_files(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    first = await diagnostics_when(client, uri, lambda d: len(d) > 0)
    duplicate = next(d for d in first if d.code == "duplicate-connection")
    line = text.split("\n")[duplicate.range.start.line]
    assert line[duplicate.range.start.character:duplicate.range.end.character] in duplicate.message
    assert duplicate.severity == lsp.DiagnosticSeverity.Warning
    assert duplicate.code_description is not None
    assert duplicate.code_description.href.endswith("/docs/rules/duplicate-connection.md")
    assert client.diagnostics.get(CENTERS.as_uri(), []) == []

    # Germany renamed in the XML's <territory> only: centers.txt names a territory the game lacks
    renamed = text.replace('<territory name="Germany"/>', '<territory name="Germania"/>', 1)
    assert renamed != text
    replace_all(client, uri, renamed, 2)
    centers = await diagnostics_when(client, CENTERS.as_uri(), lambda d: any("'Germany'" in x.message for x in d))
    germany_line = next(i for i, row in enumerate(CENTERS.read_text(encoding="utf-8").split("\n"))
                        if row.startswith("Germany "))
    assert any(d.range.start.line == germany_line for d in centers if "'Germany'" in d.message)
    xml = client.diagnostics[uri]
    assert any("'Germany'" in d.message and d.severity == lsp.DiagnosticSeverity.Error for d in xml)

    # and back: centers.txt is clean again
    replace_all(client, uri, text, 3)
    await diagnostics_when(client, CENTERS.as_uri(), lambda d: not any("'Germany'" in x.message for x in d))


@pytest.mark.asyncio
async def test_a_broken_xml_is_one_located_error(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)
    broken = text.replace('<territory name="Germany"/>', '<territory name="Germany">', 1)
    replace_all(client, uri, broken, 2)
    found = await diagnostics_when(client, uri, lambda d: any(x.code == "xml-syntax" for x in d))
    syntax = next(d for d in found if d.code == "xml-syntax")
    assert syntax.severity == lsp.DiagnosticSeverity.Error
    assert syntax.range.start.line > 0


@pytest.mark.asyncio
async def test_a_spec_gets_the_compilers_diagnostics(client: LanguageClient) -> None:
    from reference_data import ROOT

    spec = ROOT / "specs" / "two_fronts.yaml"
    text = spec.read_text(encoding="utf-8")
    uri = open_file(client, spec, text=text.replace("Highlands: [Midmarch]", "Highlands: [Nowhere]"),
                    language="yaml")
    found = await diagnostics_when(client, uri, lambda d: len(d) > 0)
    unknown = next(d for d in found if "'Nowhere'" in d.message)
    assert unknown.code == "unknown-territory" and unknown.severity == lsp.DiagnosticSeverity.Error
    row = text.split("\n").index("  Highlands: [Midmarch]")
    assert (unknown.range.start.line, unknown.range.start.character, unknown.range.end.character) == (row, 14, 21)
    replace_all(client, uri, text, 2)
    await diagnostics_when(client, uri, lambda d: len(d) == 0)


@pytest.mark.asyncio
async def test_a_map_file_edited_alone_gets_its_diagnostics(client: LanguageClient) -> None:
    text = CENTERS.read_text(encoding="utf-8")
    misspelt = text.replace("\nGermany ", "\nGermanyy ", 1)
    assert misspelt != text
    uri = open_file(client, CENTERS, text=misspelt, language="plaintext")
    found = await diagnostics_when(client, uri, lambda d: any("'Germanyy'" in x.message for x in d))
    line = misspelt.split("\n").index(next(row for row in misspelt.split("\n") if row.startswith("Germanyy ")))
    assert any(d.range.start.line == line and d.range.end.character == len("Germanyy") for d in found
               if "'Germanyy'" in d.message)
    # the polygon of Germany has no centre now: polygons.txt says so
    polygons = (CLASSIC / "polygons.txt").as_uri()
    await diagnostics_when(client, polygons, lambda d: any("'Germany'" in x.message for x in d))
    replace_all(client, uri, text, 2)
    await diagnostics_when(client, uri, lambda d: not any("'Germanyy'" in x.message for x in d))
    await diagnostics_when(client, polygons, lambda d: not any("'Germany'" in x.message for x in d))


@pytest.mark.asyncio
async def test_closing_a_game_clears_its_diagnostics(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME, text=text.replace('<territory name="Germany"/>', '<territory name="Germania"/>', 1))
    await diagnostics_when(client, uri, lambda d: len(d) > 0)
    await diagnostics_when(client, CENTERS.as_uri(), lambda d: any("'Germany'" in x.message for x in d))
    client.text_document_did_close(lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=uri)))
    await diagnostics_when(client, uri, lambda d: len(d) == 0)
    await diagnostics_when(client, CENTERS.as_uri(), lambda d: not any("'Germany'" in x.message for x in d))


@pytest.mark.asyncio
async def test_a_map_file_alone_is_checked_against_every_game_of_its_map(client: LanguageClient) -> None:
    text = CENTERS.read_text(encoding="utf-8")
    uri = open_file(client, CENTERS, text=text.replace("\nGermany ", "\nGermanyy ", 1), language="plaintext")
    found = await diagnostics_when(client, uri, lambda d: any("'Germanyy'" in x.message for x in d))
    # every game of the map lacks Germanyy: said once, with no game named
    assert sum("'Germanyy'" in d.message for d in found) == 1
    assert not any("found by game" in d.message for d in found if "'Germanyy'" in d.message)
    # the closed games' own diagnostics are not published
    assert not client.diagnostics.get((CLASSIC / "games" / "classic.xml").as_uri())


@pytest.mark.asyncio
async def test_a_game_opened_after_its_map_file_alone_takes_over_its_diagnostics(client: LanguageClient) -> None:
    """The closed games' findings in a map file go once a game of the map is open: its edits alone decide."""
    text = CENTERS.read_text(encoding="utf-8")
    uri = open_file(client, CENTERS, text=text.replace("\nGermany ", "\nGermanyy ", 1), language="plaintext")
    await diagnostics_when(client, uri, lambda d: any("'Germanyy'" in x.message for x in d))
    game = GAME.read_text(encoding="utf-8")
    game_uri = open_file(client, GAME, text=game.replace('"Germany"', '"Germanyy"'))
    await diagnostics_when(client, game_uri, lambda d: len(d) > 0)
    replace_all(client, game_uri, game.replace('"Germany"', '"Germanyy"') + "\n", 2)
    await diagnostics_when(client, uri, lambda d: not any("'Germanyy'" in x.message for x in d))


def _fresh(text: str) -> list[tuple[int, str, str]]:
    """(0-based line, code, message) of the game's problems in its own file, validated from scratch."""
    from compiler.lsp.diagnostics import engine_for
    from compiler.lsp.documents import Documents
    from compiler.validate import check_parsed
    from compiler.xml.parse import parse_bytes

    docs = Documents()
    docs.set(str(GAME), text, 1)
    inp = docs.game_input(str(GAME))
    data = inp.read_bytes()
    problems = check_parsed(parse_bytes(data, inp.path), data, inp.path, engine_for(inp.path), inp.map_files)
    return sorted((p.location.line - 1, p.code, p.text) for p in problems if p.location.path == str(GAME))


@pytest.mark.asyncio
async def test_edit_after_edit_the_diagnostics_are_a_fresh_validations(client: LanguageClient) -> None:
    """The server re-reads a game with what its previous validation keeps (compiler/model/reuse.py): lines
    inserted above attachments, a typo in one, its repair: each time what `validate` finds afresh."""
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)
    at = text.index("<attachment ", text.index("<attachmentList"))
    typo = text.index('value="', text.index("<attachment ", len(text) // 2)) + len('value="')
    versions = [
        text[:at] + "\n\n\n" + text[at:],
        text[:at] + "\n\n\n" + text[at:typo] + "Atlantis" + text[typo:],
        text[:typo] + "Atlantis" + text[typo:],
        text,
    ]
    for version, edited in enumerate(versions, 2):
        replace_all(client, uri, edited, version)
        wanted = _fresh(edited)
        await diagnostics_when(client, uri, lambda d, wanted=wanted: sorted(  # type: ignore[misc]
            (x.range.start.line, str(x.code), x.message) for x in d) == wanted)
