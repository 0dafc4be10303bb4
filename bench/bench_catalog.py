"""Benchmark the catalog: load time per engine, and option/property look-ups over the corpus.

    python bench/bench_catalog.py

Prints the time to read each engine's catalog from schemas/catalog/ and the look-up rate when
every attachment option and property of the ../shared games is resolved against both engines.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from compiler.catalog.catalog import Catalog, load_catalog  # noqa: E402
from compiler.xml.parse import parse_file  # noqa: E402


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    for engine in ("1.9", "2.x"):
        start = time.perf_counter()
        cat = Catalog(engine)
        took = 1000 * (time.perf_counter() - start)
        options = sum(len(c.options) for c in cat.attachment_classes())
        print(f"load {engine}: {took:.1f} ms, {options} options, {len(cat.property_names())} properties")
    reference = ROOT.parent / "shared" / "reference"
    files = sorted((reference / "corpus").glob("*.xml")) + sorted((reference / "maps").glob("*/map/games/*.xml"))
    if not files:
        print("no ../shared games: look-up benchmark skipped")
        return
    models = [parse_file(path).model for path in files]
    queries = [(a.java_class, o.name) for m in models for a in m.attachments for o in a.options]
    props = [p.name for m in models for p in m.properties]
    for engine in ("1.9", "2.x"):
        cat = load_catalog(engine)
        start = time.perf_counter()
        unknown = sum(cat.option(java_class, name) is None for java_class, name in queries)
        unknown_props = sum(cat.property(name) is None for name in props)
        took = time.perf_counter() - start
        print(f"{engine}: {len(queries)} option + {len(props)} property look-ups in {1000 * took:.0f} ms "
              f"({(len(queries) + len(props)) / took / 1e6:.2f} M/s); unknown options {unknown}, "
              f"unknown properties {unknown_props}")


if __name__ == "__main__":
    main()
