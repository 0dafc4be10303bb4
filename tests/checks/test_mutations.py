"""Mutation suite: realistic mistakes put into real maps are found, at the mutated line, >= 95%."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from conftest_shared import corpus_files
from mutations import detected, generate

from compiler.catalog import load_catalog
from compiler.checks import run_checks
from compiler.xml.parse import parse_bytes

PER_KIND = 3
MAX_FILES = 8
MAX_BYTES = 700_000


def _files() -> list[Path]:
    """A spread of real games small enough to mutate quickly, half of them with relationships."""
    small = [f for f in corpus_files() if f.stat().st_size < MAX_BYTES]
    with_rel = [f for f in small if b"<relationship " in f.read_bytes()]
    chosen = with_rel[:: max(1, len(with_rel) // (MAX_FILES // 2))][: MAX_FILES // 2]
    rest = [f for f in small if f not in chosen]
    return chosen + rest[:: max(1, len(rest) // (MAX_FILES - len(chosen)))][: MAX_FILES - len(chosen)]


def test_mutations_are_detected(shared: Path) -> None:
    catalog = load_catalog("2.x")

    def known_options(java_class: str) -> set[str] | None:
        return set(catalog.options(java_class)) if catalog.attachment_class(java_class) is not None else None

    properties = set(catalog.property_names())
    found: dict[str, list[bool]] = defaultdict(list)
    misses: list[str] = []
    for n, path in enumerate(_files()):
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in generate(text, PER_KIND, seed=n, known_options=known_options, known_properties=properties):
            result = parse_bytes(m.text.encode(), path.name)
            problems = [*result.problems, *run_checks(result.model, root=result.root)]
            ok = detected(m, problems)
            found[m.kind].append(ok)
            if not ok:
                misses.append(f"{path.name}:{m.line}: {m.kind} '{m.name}'")
    print("\nmutation kind                      found / made   rate")
    for kind, results in found.items():
        print(f"{kind:34} {sum(results):5} / {len(results):4}   {sum(results) / len(results):6.1%}")
    for miss in misses:
        print("  missed:", miss)
    assert len(found) == 7, sorted(found)
    for kind, results in found.items():
        assert len(results) >= 8, kind
        assert sum(results) / len(results) >= 0.95, kind
