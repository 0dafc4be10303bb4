"""Write the mutants of every family, ask a real TripleA and our validator about each, compare.

Used by test_differential.py (every release with an oracle kit: must agree everywhere) and, as a script, to
measure the agreement with any engine for docs/oracles.md:

    python tests/oracle/differential/judging.py --engine latest|2026-08|2.7|1.9 [--json OUT] [--show N]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import multiprocessing
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from lxml import etree

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # run as a script: the families and mutate are beside it
    sys.path.insert(0, str(HERE))

from mutate import Mutant, bases  # noqa: E402

from compiler.mapfolder import GameInput  # noqa: E402
from compiler.validate import validate_input  # noqa: E402

ALL_FAMILIES = ("options", "structure", "attachment_rules")


@dataclass(frozen=True)
class Case:
    """One mutant, the engine's verdict (OK, PARSE-ERROR, INVALID, SELECTOR; 1.9: OK or ERROR) and our errors."""

    mutant: Mutant
    path: Path
    oracle: str
    message: str
    ours: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return (self.oracle == "OK") == (not self.ours)


def selector_refuses(xml: bytes) -> bool:
    """2.7's game selector (GameSelectorModel.loadMap) drops a parsed game whose name is null: a game
    without <info name> and without a map.yml above it. parse.sh stops before that step."""
    try:
        root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True))
    except etree.XMLSyntaxError:
        return False
    info = [e for e in root if isinstance(e.tag, str) and e.tag.lower() == "info"]
    return not info or not info[-1].get("name")


def write_mutants(folder: Path, families: Sequence[str]) -> list[tuple[Mutant, Path]]:
    """Every mutant of `families`, written as folder/<family>/<name>.xml; names must be unique."""
    games = bases()
    written: list[tuple[Mutant, Path]] = []
    for family in families:
        (folder / family).mkdir(parents=True, exist_ok=True)
        seen: set[str] = set()
        for mutant in importlib.import_module(f"families.{family}").mutants(games):
            if mutant.family != family or mutant.name in seen:
                raise ValueError(f"family {family}: mutant {mutant.family}/{mutant.name} is misnamed or repeated")
            seen.add(mutant.name)
            path = folder / family / f"{mutant.name}.xml"
            path.write_bytes(mutant.xml)
            written.append((mutant, path))
    return written


def our_errors(path: Path, engine: str) -> tuple[str, ...]:
    problems, _ = validate_input(GameInput(str(path)), engine)
    return tuple(f"{p.code}: {p.message}" for p in problems if p.is_error)


def judge_kit(kit: Any, mutants: list[tuple[Mutant, Path]]) -> dict[Path, tuple[str, str]]:
    """A release's verdict per file (its oracle kit, tests/oracle/kits.py), two JVMs at once (CI has 2 cores);
    the selector's rule added."""
    paths = [p for _, p in mutants]
    verdicts: dict[Path, object] = {}
    with ThreadPoolExecutor(2) as pool:
        for part in pool.map(kit.judge, [paths[i::2] for i in range(2)]):
            verdicts.update(part)
    out: dict[Path, tuple[str, str]] = {}
    for mutant, path in mutants:
        v = verdicts[path.resolve()]
        status, message = v.status, v.message  # type: ignore[attr-defined]
        if status == "OK" and selector_refuses(mutant.xml):
            status, message = "SELECTOR", "the game selector drops a game without <info name>"
        out[path] = (status, message)
    return out


def judge_19(oracle: ModuleType, mutants: list[tuple[Mutant, Path]]) -> dict[Path, tuple[str, str]]:
    """TripleA 1.9's verdict per file (its own parser, one JVM)."""
    oracle.build()
    found = oracle.parse_files([str(p) for _, p in mutants])
    return {p: ("OK", "") if found[str(p)] is None else ("ERROR", str(found[str(p)])) for _, p in mutants}


def _our_errors_of(job: tuple[list[Path], str]) -> list[tuple[str, ...]]:
    paths, engine = job
    return [our_errors(path, engine) for path in paths]


def compare(mutants: list[tuple[Mutant, Path]], verdicts: dict[Path, tuple[str, str]], engine: str,
            workers: int = 2) -> dict[str, list[Case]]:
    """Each mutant's case: the engine's verdict beside our errors (validated in `workers` processes: CI has 2
    cores)."""
    paths = [path for _, path in mutants]
    chunks = [(paths[i::workers], engine) for i in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(_our_errors_of, chunks))
    ours = {path: errors for (chunk, _), part in zip(chunks, parts, strict=True)
            for path, errors in zip(chunk, part, strict=True)}
    by_family: dict[str, list[Case]] = {}
    for mutant, path in mutants:
        status, message = verdicts[path]
        by_family.setdefault(mutant.family, []).append(Case(mutant, path, status, message, ours[path]))
    return by_family


def summary(by_family: dict[str, list[Case]]) -> dict[str, dict[str, object]]:
    return {
        family: {
            "cases": len(cs),
            "refused": sum(c.oracle != "OK" for c in cs),
            "agree": sum(c.agrees for c in cs),
            "false_errors": sum(not c.agrees and c.oracle == "OK" for c in cs),
            "missed": sum(not c.agrees and c.oracle != "OK" for c in cs),
            "by_status": dict(Counter(c.oracle for c in cs)),
        }
        for family, cs in by_family.items()
    }


def explain(case: Case) -> str:
    ours = "; ".join(case.ours[:2]) or "no error"
    return (f"{case.mutant.name} [{case.mutant.edit}]\n    engine: {case.oracle} {case.message[:300]}"
            f"\n    ours: {ours[:300]}")


def load_oracle(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HERE.parent / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _loadable_bases_19(oracle: ModuleType, mutants: list[tuple[Mutant, Path]]) -> list[tuple[Mutant, Path]]:
    """Only the mutants of bases TripleA 1.9 loads as they are (two_fronts.xml is compiled for 2.x:
    1.9 refuses it for its missing <loader>, so each of its mutants would say nothing)."""
    oracle.build()
    games = bases()
    found = oracle.parse_files([str(b.path) for b in games])
    loadable = {b.label for b in games if found[str(b.path)] is None}
    dropped = sorted({b.label for b in games} - loadable)
    if dropped:
        print(f"bases TripleA 1.9 refuses as they are, left out: {', '.join(dropped)}")
    return [(m, p) for m, p in mutants if m.name.split("-", 1)[0] in loadable]


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="latest", help="a release with an oracle kit (latest, 2.7 ...) or 1.9")
    parser.add_argument("--families", default=",".join(ALL_FAMILIES))
    parser.add_argument("--json", type=Path, help="write the counts here")
    parser.add_argument("--show", type=int, default=10, help="disagreements to print per family")
    args = parser.parse_args(list(argv) if argv is not None else None)
    families = [f for f in args.families.split(",") if f]
    with tempfile.TemporaryDirectory(prefix="mutants-") as tmp:
        mutants = write_mutants(Path(tmp), families)
        if args.engine != "1.9":
            kit = load_oracle("kits").Kit.of(args.engine)
            if kit.missing():
                sys.exit(f"judging.py: {kit.missing()}")
            verdicts = judge_kit(kit, mutants)
        else:
            oracle = load_oracle("triplea19")
            if not oracle.available():
                sys.exit("judging.py: needs TripleA 1.9 (apt-get install triplea)")
            mutants = _loadable_bases_19(oracle, mutants)
            verdicts = judge_19(oracle, mutants)
        by_family = compare(mutants, verdicts, args.engine)
    counts = summary(by_family)
    for family, c in counts.items():
        print(f"{family:17} {c['cases']:5} cases, {c['refused']:5} refused by TripleA {args.engine}, "
              f"{c['agree']:5} agree ({c['false_errors']} false errors, {c['missed']} missed)")
        for case in [c for c in by_family[family] if not c.agrees][: args.show]:
            print("  " + explain(case))
    total = sum(int(c["cases"]) for c in counts.values())  # type: ignore[call-overload]
    agree = sum(int(c["agree"]) for c in counts.values())  # type: ignore[call-overload]
    print(f"total {total} cases, agreement {agree}/{total} ({100 * agree / max(total, 1):.2f} %)")
    if args.json:
        args.json.write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
    return 0 if agree == total else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
