"""Benchmark re-validating a game after an edit, as the language server does (with its reuse memo), per check.

    python bench/bench_revalidate.py [--game PATH] [--edit value|lines|none] [--runs N] [--fresh]

Reads the game (the catalogue's largest game XML unless `--game` says otherwise) once, then N times edits it and
validates it again with the memo of the previous validation (compiler/model/reuse.py): `value` types a new
option into one attachment, `lines` inserts a line above the second half of the attachments (every attachment
below it moves), `none` validates the same text again. Prints the CPU of the parse and of each check (the best of
the N runs), their sum, and the median of the runs' totals. `--fresh` validates without the memo, as `validate`
on the command line does.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from pathlib import Path

from compiler.checks import registry
from compiler.checks.context import CheckContext
from compiler.mapfolder import discover
from compiler.model.reuse import Reuse
from compiler.xml.parse import parse_bytes

CATALOGUE = Path.home() / ".cache" / "triplea-catalogue" / "67bae777c5a9" / "maps"


def largest_game() -> Path:
    return max(CATALOGUE.rglob("games/*.xml"), key=lambda p: p.stat().st_size)


def edited(data: bytes, edit: str, run: int) -> bytes:
    """The game's bytes after the `run`th edit of kind `edit`."""
    middle = data.index(b"<option", len(data) // 2)
    if edit == "value":
        return data[:middle] + b'<option name="x%d" value="1"/>' % run + data[middle:]
    if edit == "lines":
        return data[:middle] + b"\n" * run + data[middle:]
    return data


def main(game: Path, edit: str, runs: int, fresh: bool) -> None:
    inp = next(i for i in discover(game.parent.parent if game.parent.name == "games" else game)
               if Path(i.path).resolve() == game.resolve())
    data = inp.read_bytes()
    reuse = None if fresh else Reuse()
    best: dict[str, float] = {}
    totals = []
    for run in range(runs + 1):  # the first run reads the game: not counted
        text = edited(data, edit, run)
        times: dict[str, float] = {}
        gc.disable()
        start = time.process_time()
        result = parse_bytes(text, inp.path, reuse)
        times["(parse)"] = time.process_time() - start
        ctx = CheckContext(result.model, map_files=inp.map_files, root=result.root, reuse=reuse)
        ctx.catalog  # noqa: B018 (read once, before the clock)
        for check_id, module in registry.CHECKS.items():
            start = time.process_time()
            list(module.check(ctx))
            times[check_id] = time.process_time() - start
        gc.enable()
        if run:
            totals.append(sum(times.values()))
            for name, seconds in times.items():
                best[name] = min(best.get(name, seconds), seconds)
    print(f"{game.name}: edit '{edit}', {'without' if fresh else 'with'} the memo, best of {runs} runs (CPU)")
    for name, seconds in sorted(best.items(), key=lambda item: -item[1])[:20]:
        print(f"  {name:28} {seconds * 1000:7.1f} ms")
    print(f"  sum of the best {sum(best.values()) * 1000:.0f} ms; median run {statistics.median(totals) * 1000:.0f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, default=None)
    parser.add_argument("--edit", choices=("value", "lines", "none"), default="value")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--fresh", action="store_true")
    args = parser.parse_args()
    main(args.game or largest_game(), args.edit, args.runs, args.fresh)
