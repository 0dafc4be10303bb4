"""Benchmark the language server (`triplea-compiler lsp`) on the catalogue's largest game XML.

    python bench/bench_lsp.py [--game PATH] [--runs N]

Starts the server of this tree over stdio, opens the game, then measures: the diagnostics after an edit (from
the change sent to the diagnostics received: the 300 ms pause the server waits for more typing, then its
analysis), with the server's CPU seconds for that analysis; hover and completion round trips (median and worst
of N, while the server is idle and while it validates); the server's memory (resident, and its peak).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pytest_lsp import client_capabilities

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = Path.home() / ".cache" / "triplea-catalogue" / "67bae777c5a9" / "maps"


def largest_game() -> Path:
    return max(CATALOGUE.rglob("games/*.xml"), key=lambda p: p.stat().st_size)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> tuple[float, float]:
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def position_of(text: str, needle: str, within: int) -> lsp.Position:
    at = text.index(needle) + within
    return lsp.Position(line=text.count("\n", 0, at), character=at - (text.rfind("\n", 0, at) + 1))


async def wait_for(client: object, uri: str, since: int) -> None:
    while getattr(client, "published", {}).get(uri, 0) <= since:
        await asyncio.sleep(0.002)


async def timed(request: object) -> float:
    start = time.perf_counter()
    await request  # type: ignore[misc]
    return (time.perf_counter() - start) * 1000


async def main(game: Path, runs: int) -> None:
    client = LanguageClient("bench", "1")
    published: dict[str, int] = {}
    client.published = published  # type: ignore[attr-defined]

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _count(params: lsp.PublishDiagnosticsParams) -> None:
        published[params.uri] = published.get(params.uri, 0) + 1

    await client.start_io(sys.executable, "-m", "compiler", "lsp", env={**os.environ, "PYTHONPATH": str(ROOT)})
    pid = client._server.pid  # type: ignore[attr-defined]
    await client.initialize_async(lsp.InitializeParams(capabilities=client_capabilities("visual-studio-code"),
                                                       root_uri=game.parent.as_uri()))
    client.initialized(lsp.InitializedParams())
    text = game.read_text(encoding="utf-8")
    uri = game.as_uri()
    print(f"game: {game} ({game.stat().st_size / 1e6:.1f} MB, {text.count(chr(10))} lines)")
    cpu = cpu_seconds(pid)
    start = time.perf_counter()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=uri, language_id="xml", version=1, text=text)))
    await wait_for(client, uri, 0)
    print(f"open -> diagnostics: {time.perf_counter() - start:.2f} s wall, {cpu_seconds(pid) - cpu:.2f} s CPU")

    territory = next(t for t in ('name="Germany"', 'name="Russia"') if t in text)
    hover_at = position_of(text, f"<territory {territory}", 18)
    option_at = position_of(text, '<option name="movement"', 16)
    complete_at = position_of(text, '<option name="movement"', 14)
    value_at = position_of(text, 'territory="', 11)

    def hover(pos: lsp.Position) -> object:
        return client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri), position=pos))

    def complete(pos: lsp.Position) -> object:
        return client.text_document_completion_async(lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri), position=pos))

    async def requests(label: str) -> None:
        for name, make in (("hover, territory", lambda: hover(hover_at)), ("hover, option", lambda: hover(option_at)),
                           ("completion, option names", lambda: complete(complete_at)),
                           ("completion, territory names", lambda: complete(value_at))):
            times = [await timed(make()) for _ in range(runs)]
            print(f"  {label:8} {name:28} median {statistics.median(times):6.1f} ms, worst {max(times):6.1f} ms")

    while (await hover(hover_at)) is None or (await hover(hover_at)).range is None:  # type: ignore[union-attr]
        await asyncio.sleep(0.1)  # the game's names indexed
    await asyncio.sleep(5)
    await requests("idle")
    edits = []
    cpus = []
    for version in range(2, 2 + runs):
        change = lsp.TextDocumentContentChangePartial(range=lsp.Range(start=hover_at, end=hover_at), text="")
        since = published.get(uri, 0)
        cpu = cpu_seconds(pid)
        start = time.perf_counter()
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=[change]))
        await wait_for(client, uri, since)
        edits.append(time.perf_counter() - start)
        cpus.append(cpu_seconds(pid) - cpu)
        await asyncio.sleep(4)  # the index after the diagnostics
    print(f"edit -> diagnostics: median {statistics.median(edits):.2f} s wall (300 ms of it the pause for more "
          f"typing), server CPU median {statistics.median(cpus):.2f} s (validation and index)")
    # requests while the server validates
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=100),
        content_changes=[lsp.TextDocumentContentChangePartial(range=lsp.Range(start=hover_at, end=hover_at),
                                                                  text="")]))
    await asyncio.sleep(0.35)
    await requests("busy")
    rss, peak = memory_mb(pid)
    print(f"server memory: {rss:.0f} MB resident, {peak:.0f} MB peak")
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.game or largest_game(), args.runs))
