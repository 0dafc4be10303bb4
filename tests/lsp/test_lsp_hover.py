"""Hover: an option's meaning from the option catalog, a territory's and a unit's facts from the game."""

from __future__ import annotations

import pytest
from lsp_session import CLASSIC, diagnostics_when, doc, open_file, position_of
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

GAME = CLASSIC / "games" / "classic.xml"


async def _hover(client: LanguageClient, uri: str, pos: lsp.Position) -> str:
    found = await client.text_document_hover_async(lsp.HoverParams(text_document=doc(uri), position=pos))
    assert found is not None
    assert isinstance(found.contents, lsp.MarkupContent)
    return found.contents.value


@pytest.mark.asyncio
async def test_hover_on_an_option_a_territory_and_a_unit(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)  # validated: the model is there

    movement = await _hover(client, uri, position_of(text, '<option name="movement"', within=16))
    assert "**movement**" in movement and "UnitAttachment" in movement
    assert "int" in movement and "1.9" in movement  # its value kind; releases that know it
    assert "Movement points the unit has each turn" in movement  # its meaning (compiler/catalog/meanings.py)

    germany = await _hover(client, uri, position_of(text, '<territory name="Germany"', within=18))
    assert "Owner: Germans" in germany
    assert "production: 10" in germany
    assert "centers.txt" in germany  # where it is used, map files included

    infantry = await _hover(client, uri, position_of(text, 'attachTo="infantry"', within=11))
    assert "**infantry** — unit" in infantry
    assert "movement=1" in infantry
    assert "Costs: 3 PUs" in infantry

    germans = await _hover(client, uri, position_of(text, '<player name="Germans"', within=16))
    assert "Alliances: Axis" in germans


@pytest.mark.asyncio
async def test_hover_in_a_map_file(client: LanguageClient) -> None:
    centers = CLASSIC / "centers.txt"
    text = centers.read_text(encoding="utf-8")
    uri = open_file(client, centers, language="plaintext")
    found = await client.text_document_hover_async(lsp.HoverParams(
        text_document=doc(uri), position=position_of(text, "\nGermany ", within=3)))
    assert found is not None and isinstance(found.contents, lsp.MarkupContent)
    assert "**Germany** — territory" in found.contents.value
