"""Benchmark the language server's name index (compiler.lsp.analysis.index_game) on a large game XML.

    python bench/bench_name_index.py [--game PATH] [--runs N]

Opens the game as an editor buffer, then measures the CPU seconds (time.process_time, the garbage collector
paused as the server's worker pauses it) of: the first index_game (nothing kept from before), then index_game
after each of these edits of the buffer, one after the other: one option value changed, a line added near the
top (every later name moves), the first territory's definition renamed (its uses are found again). Prints the
best and median of N runs.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from compiler.gcpause import gc_paused  # noqa: E402
from compiler.lsp import names, xmlnames  # noqa: E402
from compiler.lsp.analysis import index_game  # noqa: E402
from compiler.lsp.documents import Documents  # noqa: E402

CATALOGUE = Path.home() / ".cache" / "triplea-catalogue" / "67bae777c5a9" / "maps"
LARGEST = CATALOGUE / "global_40_house_rules/map/games/Global_40_House_Rules_Canada.xml"


def cpu_ms(work: Callable[[], object]) -> float:
    with gc_paused():
        start = time.process_time()
        work()
        return (time.process_time() - start) * 1000


def edited(text: str, n: int) -> str:
    """The text with the value of its first <option value="..."> changed (a different edit for each n)."""
    m = re.search(r'<option\b[^>]*\bvalue="([^"]*)"', text)
    if m is None:
        return text + f"<!-- {n} -->"
    return text[:m.start(1)] + m.group(1) + str(n) + text[m.end(1):]


def renamed(text: str, n: int) -> str:
    """The text with its first territory's definition renamed (a different name for each n)."""
    m = re.search(r'<territory\b[^>]*\bname="([^"]*)"', text)
    if m is None:
        return text + f"<!-- {n} -->"
    return text[:m.start(1)] + m.group(1) + f" {n}" + text[m.end(1):]


def forget() -> None:
    """Forget every version scanned (the game XMLs' and the map files')."""
    with xmlnames._lock:
        xmlnames._last.clear()
    names._map_file_occurrences.cache_clear()


def show(label: str, times: list[float]) -> None:
    print(f"{label:<40} best {min(times):7.1f} ms   median {statistics.median(times):7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, default=LARGEST)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    game = str(args.game.resolve())
    text = args.game.read_bytes().decode("utf-8-sig")  # as an editor holds it: its line ends kept
    print(f"game: {game} ({len(text) / 1e6:.1f} MB, {text.count(chr(10))} lines)")
    first: list[float] = []
    after_edit: list[float] = []
    after_line: list[float] = []
    after_rename: list[float] = []
    docs = Documents()
    for run in range(args.runs):
        forget()  # a fresh server: nothing kept
        docs.set(game, text, 1)
        first.append(cpu_ms(partial(index_game, docs, game)))
        second = edited(text, run)
        docs.set(game, second, 2)
        after_edit.append(cpu_ms(partial(index_game, docs, game)))
        third = second.replace("<", "\n<", 2)  # the second tag put on a line of its own
        docs.set(game, third, 3)
        after_line.append(cpu_ms(partial(index_game, docs, game)))
        docs.set(game, renamed(third, run), 4)
        after_rename.append(cpu_ms(partial(index_game, docs, game)))
    analysis = index_game(docs, game)
    count = sum(len(v) for v in analysis.index.occurrences.values())
    print(f"occurrences: {count}, map files: {len(analysis.map_files)}")
    show("index_game, first", first)
    show("index_game, after an option value edit", after_edit)
    show("index_game, after a line added at the top", after_line)
    show("index_game, after a territory renamed", after_rename)


if __name__ == "__main__":
    main()
