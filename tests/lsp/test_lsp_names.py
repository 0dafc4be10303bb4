"""Go to definition, find references and rename, across the game XML and its map folder's files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lsp_session import CLASSIC, apply_edits, diagnostics_when, doc, open_file, position_of
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

GAME = CLASSIC / "games" / "classic.xml"


@pytest.mark.asyncio
async def test_definition_and_references(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)

    use = position_of(text, 'territory="Germany"', within=12)
    found = await client.text_document_definition_async(lsp.DefinitionParams(text_document=doc(uri), position=use))
    assert isinstance(found, list) and len(found) == 1
    assert found[0].uri == uri
    assert found[0].range.start == position_of(text, '<territory name="Germany"', within=17)

    # a trigger's condition: defined by its attachment
    condition = position_of(text, 'value="conditionAttachmentTurn1"', within=7)
    found = await client.text_document_definition_async(
        lsp.DefinitionParams(text_document=doc(uri), position=condition))
    assert isinstance(found, list) and found[0].range.start == position_of(
        text, 'name="conditionAttachmentTurn1"', within=6)

    refs = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=doc(uri), position=use, context=lsp.ReferenceContext(include_declaration=True)))
    assert refs is not None
    files = {r.uri.rsplit("/", 1)[-1] for r in refs}
    assert {"classic.xml", "centers.txt", "polygons.txt", "place.txt"} <= files
    in_xml = sum(1 for r in refs if r.uri == uri)
    assert in_xml == text.count('"Germany"')


@pytest.mark.asyncio
async def test_rename_a_territory_everywhere(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)
    pos = position_of(text, '<territory name="Germany"', within=18)
    prepared = await client.text_document_prepare_rename_async(
        lsp.PrepareRenameParams(text_document=doc(uri), position=pos))
    assert prepared is not None
    edit = await client.text_document_rename_async(lsp.RenameParams(text_document=doc(uri), position=pos,
                                                                     new_name="Greater Germany"))
    assert edit is not None and edit.changes is not None
    assert all(e.new_text == "Greater Germany" for edits in edit.changes.values() for e in edits)
    renamed = apply_edits(text, edit.changes[uri])
    assert renamed.count('"Greater Germany"') == text.count('"Germany"')
    assert renamed.replace("Greater Germany", "Germany") == text  # minimal: nothing else changed
    for name in ("centers.txt", "polygons.txt", "place.txt", "capitols.txt"):
        path = CLASSIC / name
        before = path.read_text(encoding="utf-8")
        after = apply_edits(before, edit.changes[path.as_uri()])
        assert after.replace("Greater Germany", "Germany") == before
        assert "\nGreater Germany" in after or after.startswith("Greater Germany")
    # a name the game already has is refused
    with pytest.raises(Exception, match="already"):
        await client.text_document_rename_async(lsp.RenameParams(text_document=doc(uri), position=pos,
                                                                  new_name="Japan"))


@pytest.mark.asyncio
async def test_names_in_a_spec(client: LanguageClient) -> None:
    from reference_data import ROOT

    spec = ROOT / "specs" / "two_fronts.yaml"
    text = spec.read_text(encoding="utf-8")
    uri = open_file(client, spec, language="yaml")
    use = position_of(text, "Lowlands: [Midmarch", within=12)  # Midmarch, a connection's end
    found = await client.text_document_definition_async(lsp.DefinitionParams(text_document=doc(uri), position=use))
    assert isinstance(found, list) and len(found) == 1
    assert found[0].range.start == position_of(text, "\n  Midmarch:", within=3)
    edit = await client.text_document_rename_async(lsp.RenameParams(text_document=doc(uri), position=use,
                                                                     new_name="Middle March"))
    assert edit is not None and edit.changes is not None and list(edit.changes) == [uri]
    renamed = apply_edits(text, edit.changes[uri])
    assert "Midmarch" not in renamed and renamed.replace("Middle March", "Midmarch") == text


@pytest.mark.asyncio
async def test_rename_reaches_every_game_of_the_map(client: LanguageClient, tmp_path: Path) -> None:
    """Renaming in one game renames in the map's other games (closed: read from disk) and its map files; a game
    without the name is left alone; a name another game of the map already has is refused."""
    copy = tmp_path / "world_war_ii_classic"
    shutil.copytree(CLASSIC.parent, copy)
    games = copy / "map" / "games"
    # iron_blitz has no Germany (a game of the map without the name); classic_3rd_edition has a 'Reich'
    blitz = (games / "iron_blitz.xml").read_text(encoding="utf-8").replace('"Germany"', '"Deutschland"')
    (games / "iron_blitz.xml").write_text(blitz, encoding="utf-8")
    game = games / "classic.xml"
    text = game.read_text(encoding="utf-8")
    uri = open_file(client, game)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)
    pos = position_of(text, '<territory name="Germany"', within=18)
    edit = await client.text_document_rename_async(lsp.RenameParams(text_document=doc(uri), position=pos,
                                                                     new_name="Reich"))
    assert edit is not None and edit.changes is not None
    third = games / "classic_3rd_edition.xml"
    before = third.read_text(encoding="utf-8")
    after = apply_edits(before, edit.changes[third.as_uri()])
    assert after.count('"Reich"') == before.count('"Germany"') > 0 and '"Germany"' not in after
    assert after.replace('"Reich"', '"Germany"') == before
    assert (games / "iron_blitz.xml").as_uri() not in edit.changes
    assert (copy / "map" / "centers.txt").as_uri() in edit.changes
    # a name taken in another (closed) game of the map is refused
    (games / "iron_blitz.xml").write_text(blitz.replace('"Deutschland"', '"Germany"').replace(
        '"Japan"', '"Nippon"'), encoding="utf-8")
    with pytest.raises(Exception, match="already.*iron_blitz"):
        await client.text_document_rename_async(lsp.RenameParams(text_document=doc(uri), position=pos,
                                                                  new_name="Nippon"))
