"""fmt speed and compaction: each spec written a line per key (as a block dumper writes it), then formatted;
formatting an already formatted spec (the --check case); and, with ../shared, an imported game.

Run: python bench/bench_fmt.py [--width N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from compiler.spec.fmt import DEFAULT_WIDTH, block_text, format_text

ROOT = Path(__file__).resolve().parents[1]
EMPIRE_XML = ROOT.parent / "shared" / "reference" / "maps" / "empire" / "map" / "games" / "Empire.xml"


def timed(text: str, name: str, width: int) -> tuple[str, float]:
    start = time.perf_counter()
    result = format_text(text, name, width)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    args = parser.parse_args()
    print(f"{'spec':<26}{'block lines':>12}{'fmt lines':>10}{'fmt s':>8}{'again s':>9}{'KB/s':>8}")
    for path in sorted((ROOT / "specs").glob("*.yaml")):
        source = block_text(path.read_text(encoding="utf-8"))
        formatted, first = timed(source, path.name, args.width)
        again, second = timed(formatted, path.name, args.width)
        assert again == formatted
        print(f"{path.name:<26}{source.count(chr(10)):>12}{formatted.count(chr(10)):>10}{first:>8.2f}{second:>9.2f}"
              f"{len(source) / 1024 / first:>8.0f}")
    if EMPIRE_XML.is_file():
        from compiler.lift import import_text
        from compiler.xml.parse import parse_file

        imported = import_text(parse_file(EMPIRE_XML).model, "Imported from Empire.xml.")
        formatted, first = timed(imported, "Empire.yaml", args.width)
        print(f"{'Empire.xml imported':<26}{imported.count(chr(10)):>12}{formatted.count(chr(10)):>10}{first:>8.2f}")


if __name__ == "__main__":
    main()
