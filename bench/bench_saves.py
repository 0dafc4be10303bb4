"""Time reading each reference save game: inflate, Java stream parse, state, history.

    python bench/bench_saves.py [SAVE.tsvg ...] [--repeat N]

Without arguments it reads every save in ../shared/reference/saves. Prints a table of the best
time of N runs (best, not median: other work on the machine only ever adds time).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from compiler.saves.container import inflate
from compiler.saves.history import read_history
from compiler.saves.state import player_names, read_state
from compiler.saves.stream import parse_stream

ROOT = Path(__file__).resolve().parents[1]
SAVES = ROOT.parent / "shared" / "reference" / "saves"


def _time_one(path: Path) -> dict[str, float | int]:
    raw = path.read_bytes()
    t0 = time.perf_counter()
    data = inflate(raw, str(path))
    t1 = time.perf_counter()
    objects = parse_stream(data)
    t2 = time.perf_counter()
    state = read_state(objects[1])
    t3 = time.perf_counter()
    events = read_history(objects[1], set(player_names(objects[1])), state.owners)
    t4 = time.perf_counter()
    return {"size": len(raw), "inflated": len(data), "inflate": t1 - t0, "parse": t2 - t1,
            "state": t3 - t2, "history": t4 - t3, "total": t4 - t0, "events": len(events),
            "territories": len(state.owners)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("saves", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    saves = args.saves or sorted(SAVES.glob("*.tsvg"))
    header = f"{'save':42} {'KB':>6} {'inflated':>9} {'inflate':>8} {'parse':>8} {'state':>8} " \
             f"{'history':>8} {'total':>8} {'events':>6}"
    print(header)
    print("-" * len(header))
    for path in saves:
        runs = [_time_one(path) for _ in range(args.repeat)]
        best = {k: min(r[k] for r in runs) for k in ("inflate", "parse", "state", "history", "total")}
        first = runs[0]
        print(f"{path.name[:42]:42} {first['size'] / 1024:6.0f} {first['inflated'] / 1024:8.0f}K "
              + " ".join(f"{best[k] * 1000:6.1f}ms" for k in ("inflate", "parse", "state", "history", "total"))
              + f" {first['events']:6}")


if __name__ == "__main__":
    main()
