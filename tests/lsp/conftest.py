"""The language server under test: `python -m compiler lsp` of this tree over stdio, with a client (pytest-lsp),
on the World War II Classic map of ../shared/reference/maps."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator

import pytest_lsp
from lsp_session import CLASSIC
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from reference_data import ROOT, need

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "compiler", "lsp"],
                            server_env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """A client that has initialised the server (as VS Code does) and shuts it down after the test."""
    need(CLASSIC.is_dir(), "needs ../shared/reference/maps/world_war_ii_classic")
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=CLASSIC.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(uri=CLASSIC.as_uri(), name="classic")]))
    yield lsp_client
    await lsp_client.shutdown_session()
