"""Benchmark the language server (`triplea-compiler lsp`) on the catalogue's largest game XML.

    python bench/bench_lsp.py [--game PATH] [--runs N]

Starts the server of this tree over stdio, opens the game, then measures: the diagnostics after an edit (from
the change sent to the diagnostics received, less the 300 ms pause the server waits for more typing; with the
server's CPU for that analysis) for three edits, each typed and taken back N times: a character typed in an
option's value, a line inserted between two attachments, a character typed in a territory's name; hover and
completion round trips (median and worst of N, while the server is idle, and sent just as the validation of an
edit starts); the server's memory (resident, and its peak).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pytest_lsp import client_capabilities

ROOT = Path(__file__).resolve().parents[1]
DEBOUNCE_MS = 300  # the server's pause for more typing (compiler/lsp/server.py DEBOUNCE_SECONDS)
CATALOGUE = Path.home() / ".cache" / "triplea-catalogue" / "67bae777c5a9" / "maps"


def largest_game() -> Path:
    return max(CATALOGUE.rglob("games/*.xml"), key=lambda p: p.stat().st_size)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> tuple[float, float]:
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def _position_at(text: str, at: int) -> lsp.Position:
    return lsp.Position(line=text.count("\n", 0, at), character=at - (text.rfind("\n", 0, at) + 1))


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

    async def requests(label: str, before: Callable[[], Awaitable[None]] | None = None) -> None:
        for name, make in (("hover, territory", lambda: hover(hover_at)), ("hover, option", lambda: hover(option_at)),
                           ("completion, option names", lambda: complete(complete_at)),
                           ("completion, territory names", lambda: complete(value_at))):
            times = []
            for _ in range(runs):
                if before is not None:
                    await before()
                times.append(await timed(make()))
            print(f"  {label:8} {name:28} median {statistics.median(times):6.1f} ms, worst {max(times):6.1f} ms")

    while (await hover(hover_at)) is None or (await hover(hover_at)).range is None:  # type: ignore[union-attr]
        await asyncio.sleep(0.1)  # the game's names indexed
    await asyncio.sleep(5)
    await requests("idle")
    middle = text.index("<option ", text.index("<attachmentList") + (len(text) - text.index("<attachmentList")) // 2)
    in_value = _position_at(text, text.index('value="', middle) + 7)
    line_start = _position_at(text, text.rindex("\n", 0, text.index("<attachment ", middle)) + 1)
    in_name = _position_at(text, text.index('<territory name="') + len('<territory name="'))
    version = 1
    for label, at, typed in (("a character typed in an option's value", in_value, "x"),
                             ("a line inserted between two attachments", line_start, "\n"),
                             ("a character typed in a territory's name", in_name, "x")):
        walls, cpus = [], []
        for run in range(runs * 2):  # typed, then taken back
            version += 1
            if run % 2 == 0:
                change = lsp.TextDocumentContentChangePartial(range=lsp.Range(start=at, end=at), text=typed)
            else:
                end = lsp.Position(line=at.line + 1, character=0) if typed == "\n" else \
                    lsp.Position(line=at.line, character=at.character + 1)
                change = lsp.TextDocumentContentChangePartial(range=lsp.Range(start=at, end=end), text="")
            since = published.get(uri, 0)
            cpu = cpu_seconds(pid)
            start = time.perf_counter()
            client.text_document_did_change(lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[change]))
            await wait_for(client, uri, since)
            walls.append((time.perf_counter() - start) * 1000 - DEBOUNCE_MS)
            cpus.append((cpu_seconds(pid) - cpu) * 1000)
            await asyncio.sleep(3)  # the name index after the diagnostics
        print(f"edit -> diagnostics, {label}: after the {DEBOUNCE_MS} ms pause for more typing, median "
              f"{statistics.median(walls):.0f} ms wall (worst {max(walls):.0f}), server CPU median "
              f"{statistics.median(cpus):.0f} ms (worst {max(cpus):.0f})")
    taken_back = [False]

    async def validating() -> None:
        """An edit (a character typed in a value, or taken back), and the request sent as its validation starts."""
        nonlocal version
        version += 1
        end = lsp.Position(line=in_value.line, character=in_value.character + (1 if taken_back[0] else 0))
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[lsp.TextDocumentContentChangePartial(range=lsp.Range(start=in_value, end=end),
                                                                  text="" if taken_back[0] else "x")]))
        taken_back[0] = not taken_back[0]
        await asyncio.sleep(DEBOUNCE_MS / 1000 + 0.02)

    await requests("busy", validating)
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
