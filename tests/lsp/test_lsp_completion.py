"""Completion: option names of the enclosing attachment's class, option values of the option's format, element
and attribute names, game property names, names in map files, spec keys."""

from __future__ import annotations

import pytest
from lsp_session import CLASSIC, diagnostics_when, doc, open_file, position_of, replace_all
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient
from reference_data import ROOT

GAME = CLASSIC / "games" / "classic.xml"


async def _labels(client: LanguageClient, uri: str, pos: lsp.Position) -> set[str]:
    found = await client.text_document_completion_async(lsp.CompletionParams(text_document=doc(uri), position=pos))
    if found is None:
        return set()
    items = found.items if isinstance(found, lsp.CompletionList) else found
    return {i.label for i in items}


@pytest.mark.asyncio
async def test_completion_in_the_game_xml(client: LanguageClient) -> None:
    text = GAME.read_text(encoding="utf-8")
    uri = open_file(client, GAME)
    await diagnostics_when(client, uri, lambda d: len(d) > 0)

    unit_options = await _labels(client, uri, position_of(text, '<option name="movement"', within=14))
    assert {"movement", "attack", "isAir", "transportCapacity"} <= unit_options
    assert "production" not in unit_options  # a TerritoryAttachment's

    # a trigger's conditions: the game's condition attachments; a territory attachment's options
    conditions = await _labels(client, uri, position_of(text, 'value="conditionAttachmentTurn1"', within=7))
    assert "conditionAttachmentTurn1" in conditions
    territory_options = await _labels(client, uri, position_of(text, '<option name="production"', within=14))
    assert {"production", "capital", "victoryCity"} <= territory_options and "movement" not in territory_options

    # typing a new option and tag: values of its format, element and attribute names
    at = text.index('<option name="movement" value="1"/>')
    edited = text[:at] + '<option name="isAir" value=""/>' + text[at:]
    replace_all(client, uri, edited, 2)
    booleans = await _labels(client, uri, position_of(edited, '<option name="isAir" value="', within=28))
    assert booleans == {"true", "false"}
    placements = await _labels(client, uri, position_of(text, 'unitType="infantry"', within=10))
    assert {"infantry", "armour", "fighter"} <= placements and "Germany" not in placements

    property_names = await _labels(client, uri, position_of(text, '<property name="Russians bid"', within=16))
    assert "Low Luck" in property_names

    attributes = await _labels(client, uri, position_of(text, '<territory name="Germany"', within=11))
    assert "water" in attributes


@pytest.mark.asyncio
async def test_completion_in_a_map_file_and_a_spec(client: LanguageClient) -> None:
    centers = CLASSIC / "centers.txt"
    text = centers.read_text(encoding="utf-8")
    uri = open_file(client, centers, language="plaintext")
    territories = await _labels(client, uri, position_of(text, "\nGermany ", within=2))
    assert {"Germany", "Japan", "East Canada"} <= territories

    spec = ROOT / "specs" / "two_fronts.yaml"
    spec_text = spec.read_text(encoding="utf-8")
    spec_uri = open_file(client, spec, language="yaml")
    top = await _labels(client, spec_uri, lsp.Position(line=spec_text.split("\n").index("resources: [PUs]"),
                                                       character=0))
    assert {"territories", "units", "players", "connections"} <= top
    game_keys = await _labels(client, spec_uri, position_of(spec_text, "  name: Two Fronts", within=2))
    assert {"name", "version", "map_name"} <= game_keys and "territories" not in game_keys
