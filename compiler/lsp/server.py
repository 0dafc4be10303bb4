"""The language server: pygls wiring of the features to the documents, the analyses and the answers."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from compiler.lsp import actions, completion, heap, hover, navigate
from compiler.lsp.analysis import Analysis, check_spec, index_game, index_spec_file, map_text_files, validate
from compiler.lsp.diagnostics import diagnostics_by_uri, games_of_map_file
from compiler.lsp.documents import Documents, Kind, kind_of, map_dir_of, path_of, uri_of
from compiler.model.reuse import Reuse
from compiler.problems import Location, Problem

DEBOUNCE_SECONDS = 0.3
LOG_LEVEL = "TRIPLEA_COMPILER_LSP_LOG"  # the environment variable naming the server's log level (info: the
# CPU time of each analysis's steps; default: warning)
LOG_FILE = "TRIPLEA_COMPILER_LSP_LOG_FILE"  # the file the log is appended to (default: standard error)
T = TypeVar("T")
log = logging.getLogger(__name__)


class TripleAServer(LanguageServer):
    """The server's state: open buffers, the latest analysis of each game and spec, the map files' problems."""

    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            release = version("triplea-compiler")
        except PackageNotFoundError:
            release = "0"
        super().__init__("triplea-compiler", release, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.docs = Documents()
        self.games: dict[str, Analysis] = {}
        self.specs: dict[str, Analysis] = {}
        # map folder -> game XML -> map file -> the problems that game's validation located in that file
        self.map_problems: dict[str, dict[str, dict[str, list[Problem]]]] = {}
        self.published: set[str] = set()
        self.game_problems: dict[str, list[Problem]] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="triplea-analysis")
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.reuse: dict[str, Reuse] = {}
        """game XML -> what its previous validation keeps for the next"""
        self.idle_collection: asyncio.TimerHandle | None = None
        """the full collection waiting for the server to idle (compiler/lsp/heap.py)"""

    # --- analyses ---------------------------------------------------------------------------------------
    def schedule(self, path: str, delay: float = DEBOUNCE_SECONDS) -> None:
        """Analyse `path` (a game XML, map file or spec) once no edit came for `delay` seconds."""
        loop = asyncio.get_running_loop()
        old = self.timers.pop(path, None)
        if old is not None:
            old.cancel()
        self.timers[path] = loop.call_later(delay, lambda: loop.create_task(self.analyse(path)))

    async def analyse(self, path: str) -> None:
        """Analyse `path`; a failure (a bug) is logged to the editor, and the next edit tries again. What the
        analysis leaves is frozen out of the collector's sight (compiler/lsp/heap.py); a full collection waits for
        the server to idle."""
        self.timers.pop(path, None)
        loop = asyncio.get_running_loop()
        try:
            await self._analyse(path)
            if self.idle_collection is not None:
                self.idle_collection.cancel()
            self.idle_collection = loop.call_later(
                heap.IDLE_SECONDS, lambda: loop.run_in_executor(self.worker, heap.collect_all))
        except Exception as exc:
            log.exception("analysing %s failed", path)
            self.window_log_message(lsp.LogMessageParams(
                type=lsp.MessageType.Error,
                message=f"triplea-compiler: analysing {path} failed: {type(exc).__name__}: {exc} (a bug: please "
                        "report it at https://github.com/triplea-compiler/triplea-compiler/issues)"))

    async def _analyse(self, path: str) -> None:
        kind = kind_of(path)
        if kind is Kind.GAME:
            await self.analyse_game(path)
        elif kind is Kind.MAP_FILE:  # checked against each game of its map that is open, else every game
            for game in games_of_map_file(self.docs, path):
                await self.analyse_game(game)
        elif kind is Kind.SPEC:
            await self.analyse_spec(path)

    async def analyse_spec(self, path: str) -> None:
        """Index the spec's names, then compile it and publish its diagnostics."""
        loop = asyncio.get_running_loop()
        version = self.docs.version(path)
        analysis = await loop.run_in_executor(self.worker, index_spec_file, self.docs, path)
        previous = self.specs.get(path)
        analysis.model = previous.model if previous is not None else None
        self.specs[path] = analysis
        problems = await loop.run_in_executor(self.worker, check_spec, self.docs, analysis)
        if self.docs.version(path) != version:
            return
        analysis.problems = self.game_problems[path] = problems
        mine = [p if p.location.path == path else
                Problem(p.code, f"{p.location}: {p.message}" if p.location.path else p.message, Location(path),
                        p.severity, p.related, p.when) for p in problems]
        self.publish({path: mine})

    async def analyse_game(self, path: str) -> None:
        """Validate the game XML and publish its and its map files' diagnostics, then index its names (each step
        dropped when the buffer changed meanwhile: the next analysis is on its way)."""
        loop = asyncio.get_running_loop()
        version = self.docs.version(path)
        previous = self.games.get(path)
        if previous is None:  # first the names, for hover and completion to answer while it validates
            previous = self.games[path] = await loop.run_in_executor(self.worker, index_game, self.docs, path)
        analysis = Analysis(path, version, previous.index, map_files=map_text_files(self.docs, path))
        reuse = self.reuse.setdefault(path, Reuse())
        timer = Timer()
        problems = await loop.run_in_executor(self.worker, timer.timed(validate), self.docs, analysis, reuse)
        if self.docs.version(path) != version:
            return
        analysis.problems = self.game_problems[path] = problems
        timer.timed(self.publish_game)(path, problems, analysis.map_files)
        indexed = previous if previous.version == version else await loop.run_in_executor(
            self.worker, timer.timed(index_game), self.docs, path)
        log.info("%s version %s: %s (%d of %d attachments reused)", Path(path).name, version, timer,
                 reuse.reused, len(analysis.model.attachments) if analysis.model else 0)
        if self.docs.version(path) != version:
            return
        indexed.model, indexed.problems = analysis.model, problems
        self.games[path] = indexed

    def analysis_for(self, path: str) -> Analysis | None:
        """The latest analysis answering about `path`: a game's own, a map file's game's, a spec's; built now
        (synchronously) when there is none yet."""
        kind = kind_of(path)
        if kind is Kind.SPEC:
            if path not in self.specs:
                self.specs[path] = index_spec_file(self.docs, path)
            return self.specs[path]
        game = path if kind is Kind.GAME else next(iter(games_of_map_file(self.docs, path)), None)
        if game is None:
            return None
        if game not in self.games:
            self.games[game] = index_game(self.docs, game)
        return self.games[game]

    def problems_of(self, path: str) -> list[Problem]:
        """The latest problems located in `path` (a game XML's or a map file's)."""
        if path in self.game_problems:
            return [p for p in self.game_problems[path] if p.location.path == path]
        map_dir = map_dir_of(path)
        per_game = self.map_problems.get(str(map_dir), {}) if map_dir is not None else {}
        return [p for found in per_game.values() for p in found.get(path, ())]

    # --- diagnostics -------------------------------------------------------------------------------------
    def publish_game(self, game: str, problems: list[Problem], map_files: list[str]) -> None:
        """Publish the game XML's diagnostics and, for each text file of its map, those all its games found."""
        mine: list[Problem] = []
        by_file: dict[str, list[Problem]] = {}
        known = set(map_files)
        for p in problems:
            where = p.location.path
            if where == game:
                mine.append(p)
            elif where in known or (where and Path(where).is_file()):
                by_file.setdefault(where, []).append(p)
            else:  # a place that is no file (a folder, an image): shown on the game, saying where
                text = f"{where}: {p.message}" if where else p.message
                mine.append(Problem(p.code, text, Location(game), p.severity, p.related, p.when))
        map_dir = map_dir_of(game)
        outputs = {game: mine if self.docs.is_open(game) else []}  # a closed game checked for its map files
        if map_dir is not None:
            per_game = self.map_problems.setdefault(str(map_dir), {})
            if self.docs.is_open(game):  # the map files are checked by the open games now: closed ones' go
                for other in [g for g in per_game if g != game and not self.docs.is_open(g)]:
                    del per_game[other]
            per_game[game] = by_file
            files = known | {f for found in per_game.values() for f in found}
            for f in files:
                outputs[f] = merged_problems(per_game, f)
        else:
            outputs.update(by_file)
        self.publish(outputs)

    def forget_game(self, game: str) -> None:
        """A closed game XML: its diagnostics cleared, its map files' re-published from the other games'."""
        self.games.pop(game, None)
        self.reuse.pop(game, None)
        self.game_problems.pop(game, None)
        outputs: dict[str, list[Problem]] = {game: []}
        map_dir = map_dir_of(game)
        per_game = self.map_problems.get(str(map_dir), {}) if map_dir is not None else {}
        found = per_game.pop(game, {})
        for f in found:
            outputs[f] = merged_problems(per_game, f)
        self.publish(outputs)

    def publish(self, outputs: dict[str, list[Problem]]) -> None:
        """Publish the diagnostics of each file of `outputs` (an empty list clears the file's)."""
        for uri, diagnostics in diagnostics_by_uri(self.docs, outputs).items():
            if diagnostics or uri in self.published:
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))
            if diagnostics:
                self.published.add(uri)
            else:
                self.published.discard(uri)


class Timer:
    """The CPU time of each step of an analysis (in the thread that does it), for the server's log."""

    def __init__(self) -> None:
        self.steps: dict[str, float] = {}

    def timed(self, step: Callable[..., T]) -> Callable[..., T]:
        def run(*args: object) -> T:
            start = time.thread_time()
            try:
                return step(*args)
            finally:
                self.steps[step.__name__] = time.thread_time() - start
        return run

    def __str__(self) -> str:
        return ", ".join(f"{name} {seconds * 1000:.0f} ms CPU" for name, seconds in self.steps.items())


def merged_problems(per_game: dict[str, dict[str, list[Problem]]], path: str) -> list[Problem]:
    """The problems the games of a map found in its file `path`, each once; one that not every game found says
    which games did."""
    games: dict[tuple[str, str, Location], list[str]] = {}
    first: dict[tuple[str, str, Location], Problem] = {}
    for game, found in per_game.items():
        for p in found.get(path, ()):
            key = (p.code, p.message, p.location)
            first.setdefault(key, p)
            games.setdefault(key, []).append(Path(game).name)
    merged = []
    for key, p in first.items():
        if len(games[key]) < len(per_game):
            p = Problem(p.code, f"{p.message} (found by game {', '.join(games[key])})", p.location, p.severity,
                        p.related, p.when)
        merged.append(p)
    return merged


server = TripleAServer()


def _sync(ls: TripleAServer, uri: str) -> str:
    """Copy the editor's buffer of `uri` into the documents; its path."""
    doc = ls.workspace.get_text_document(uri)
    path = path_of(uri)
    ls.docs.set(path, doc.source, doc.version or 0)
    return path


def warm_up() -> None:
    """Read what the first answers need (the catalogs of every release line, the checks) before they are asked."""
    from compiler.catalog import option_versions
    from compiler.validate import check_parsed  # noqa: F401  (imports the checks)

    option_versions("games.strategy.triplea.attachments.UnitAttachment", "movement")


@server.feature(lsp.INITIALIZED)
async def initialized(ls: TripleAServer, params: lsp.InitializedParams) -> None:
    asyncio.get_running_loop().run_in_executor(ls.worker, warm_up)


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: TripleAServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.schedule(_sync(ls, params.text_document.uri), delay=0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: TripleAServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.schedule(_sync(ls, params.text_document.uri))


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
async def did_save(ls: TripleAServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.docs.forget_map_readings()
    ls.schedule(_sync(ls, params.text_document.uri), delay=0)


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
async def did_change_watched_files(ls: TripleAServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    ls.docs.forget_map_readings()
    for game in [g for g in ls.games if ls.docs.is_open(g)]:
        ls.schedule(game)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
async def did_close(ls: TripleAServer, params: lsp.DidCloseTextDocumentParams) -> None:
    path = path_of(params.text_document.uri)
    ls.docs.close(path)
    timer = ls.timers.pop(path, None)
    if timer is not None:
        timer.cancel()
    if kind_of(path) is Kind.MAP_FILE:  # back to the file on disk
        ls.schedule(path, delay=0)
    elif kind_of(path) is Kind.GAME:  # its diagnostics cleared, its map files' from the games still open
        ls.forget_game(path)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def on_hover(ls: TripleAServer, params: lsp.HoverParams) -> lsp.Hover | None:
    path = path_of(params.text_document.uri)
    return hover.hover(ls.docs, path, params.position, ls.analysis_for(path))


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=['"', "<", " ", ":", "."]))
def on_completion(ls: TripleAServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
    path = path_of(params.text_document.uri)
    return completion.complete(ls.docs, path, params.position, ls.analysis_for(path), edit_range_default(ls))


def edit_range_default(ls: TripleAServer) -> bool:
    """Whether the client reads a completion list's default edit range (itemDefaults.editRange)."""
    text = ls.client_capabilities.text_document
    listed = text.completion.completion_list if text and text.completion else None
    return bool(listed and listed.item_defaults and "editRange" in listed.item_defaults)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def on_definition(ls: TripleAServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    path = path_of(params.text_document.uri)
    return navigate.definition(ls.docs, path, params.position, ls.analysis_for(path))


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def on_references(ls: TripleAServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
    path = path_of(params.text_document.uri)
    return navigate.references(ls.docs, path, params.position, ls.analysis_for(path),
                               params.context.include_declaration)


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
def on_prepare_rename(ls: TripleAServer, params: lsp.PrepareRenameParams) -> lsp.Range | None:
    path = path_of(params.text_document.uri)
    return navigate.prepare_rename(ls.docs, path, params.position, ls.analysis_for(path))


@server.feature(lsp.TEXT_DOCUMENT_RENAME, lsp.RenameOptions(prepare_provider=True))
def on_rename(ls: TripleAServer, params: lsp.RenameParams) -> lsp.WorkspaceEdit | None:
    path = path_of(params.text_document.uri)
    return navigate.rename(ls.docs, path, params.position, ls.analysis_for(path), params.new_name)


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def on_code_action(ls: TripleAServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
    path = path_of(params.text_document.uri)
    return actions.code_actions(ls.docs, path, params.range, ls.problems_of(path))


def run() -> None:
    """Serve over stdin and stdout until the client says exit."""
    import sys

    logging.basicConfig(level=logging.WARNING, filename=os.environ.get(LOG_FILE) or None)
    named = logging.getLevelName(os.environ.get(LOG_LEVEL, "WARNING").upper())
    if isinstance(named, int):  # the server's own messages (pygls's stay at warnings); an unknown name: warnings
        logging.getLogger("compiler").setLevel(named)
    sys.setswitchinterval(0.001)  # the event loop's thread waits less for the validating one to let go
    server.start_io()


__all__ = ["run", "server", "uri_of"]
