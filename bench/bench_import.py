"""Benchmark `import`: how concise the imported specs are (spec lines / XML lines) and how long the
import and the round trip (import, load, lower, render, parse, diff) take on every real game XML.

Run: python bench/bench_import.py
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from reference_data import REFERENCE, corpus_files  # noqa: E402

from compiler.diff import diff_models  # noqa: E402
from compiler.lift import import_text  # noqa: E402
from compiler.lower import lower_spec  # noqa: E402
from compiler.spec import load_spec_text  # noqa: E402
from compiler.xml.parse import parse_bytes, parse_file  # noqa: E402
from compiler.xml.render import render_game  # noqa: E402


def measure(path: Path) -> tuple[int, int, float, float, int]:
    """XML lines, spec lines, import seconds, round-trip seconds, differences after the round trip."""
    start = time.perf_counter()
    game = parse_file(path).model
    text = import_text(game)
    imported = time.perf_counter() - start
    spec = load_spec_text(text, path.stem + ".yaml")
    lowered, _ = lower_spec(spec)
    back = parse_bytes(render_game(lowered).encode("utf-8"), path.stem + ".compiled.xml").model
    differences = len(diff_models(game, back))
    total = time.perf_counter() - start
    xml_lines = len(path.read_text(encoding="utf-8", errors="replace").splitlines())
    return xml_lines, len(text.splitlines()), imported, total, differences


def main() -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    files = corpus_files()
    if not files:
        print("no reference XMLs found under", REFERENCE)
        return 2
    print(f"| {'game':45} | {'XML lines':>9} | {'spec lines':>10} | {'ratio':>5} | {'import s':>8} | "
          f"{'round trip s':>12} | diffs |")
    print(f"|{'-' * 47}|{'-' * 11}:|{'-' * 12}:|{'-' * 7}:|{'-' * 10}:|{'-' * 14}:|------:|")
    groups: dict[str, list[tuple[int, int, float, float, int]]] = {"corpus": [], "maps": []}
    for path in files:
        row = measure(path)
        group = "maps" if "/maps/" in str(path) else "corpus"
        groups[group].append(row)
        xml_lines, spec_lines, imported, total, differences = row
        name = str(path.relative_to(REFERENCE))
        name = name.replace("/map/games/", "/") if group == "maps" else name.replace("corpus/", "")
        print(f"| {name:45} | {xml_lines:9} | {spec_lines:10} | {spec_lines / xml_lines:5.2f} | {imported:8.2f} | "
              f"{total:12.2f} | {differences:5} |")
    print()
    for group, rows in groups.items():
        if not rows:
            continue
        ratios = [s / x for x, s, *_ in rows]
        print(f"{group}: {len(rows)} games, mean ratio {sum(ratios) / len(ratios):.3f}, max {max(ratios):.3f}, "
              f"total lines {sum(r[1] for r in rows)}/{sum(r[0] for r in rows)} = "
              f"{sum(r[1] for r in rows) / sum(r[0] for r in rows):.3f}, import {sum(r[2] for r in rows):.1f} s, "
              f"round trip {sum(r[3] for r in rows):.1f} s, differences {sum(r[4] for r in rows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
