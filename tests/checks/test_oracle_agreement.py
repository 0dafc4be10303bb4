"""With --engine 1.9, our verdict matches TripleA 1.9's own parser over the real corpus."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from conftest_shared import corpus_files

from compiler.checks import CheckContext, run_context
from compiler.xml.parse import parse_bytes

ORACLE = Path(__file__).parents[1] / "oracle" / "triplea19.py"


def load_oracle():
    spec = importlib.util.spec_from_file_location("triplea19", ORACLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def our_errors(path: Path, engine: str = "1.9") -> list[str]:
    result = parse_bytes(path.read_bytes(), str(path))
    problems = [*result.problems, *run_context(CheckContext(result.model, engine=engine, root=result.root))]
    return [str(p) for p in problems if p.is_error]


def test_agreement_with_triplea_19(shared: Path, triplea_jar: Path) -> None:
    oracle = load_oracle()
    files = corpus_files()
    verdicts = oracle.parse_files([str(f) for f in files])
    agree, disagreements = 0, []
    rejected = 0
    for f in files:
        engine_error = verdicts[str(f)]
        rejected += engine_error is not None
        ours = our_errors(f)
        if (engine_error is None) == (not ours):
            agree += 1
        else:
            disagreements.append(f"{f.name}: TripleA 1.9: {engine_error or 'accepts'}; we: {ours[:2] or 'no error'}")
    rate = agree / len(files)
    print(f"\nagreement with TripleA 1.9 over {len(files)} games ({rejected} rejected by 1.9): {rate:.1%}")
    for line in disagreements:
        print("  disagree:", line)
    assert rejected >= 5  # the corpus really exercises both verdicts
    assert rate >= 0.95
