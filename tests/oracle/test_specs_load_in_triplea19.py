"""Every spec compiled for TripleA 1.9 loads in the real TripleA 1.9 parser, or the 1.9 compile
fails with an error that names the 2.x feature it needs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from compiler.compile import compile_spec

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.yaml"))


def _oracle():
    spec = importlib.util.spec_from_file_location("triplea19", Path(__file__).with_name("triplea19.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_specs_compiled_for_19_load_in_triplea19(triplea_jar: Path, tmp_path: Path) -> None:
    oracle = _oracle()
    written, refused = [], {}
    for spec in SPECS:
        result = compile_spec(spec, "1.9")
        if result.ok:
            path = tmp_path / f"{spec.stem}.xml"
            path.write_text(result.xml, encoding="utf-8")
            written.append(path)
        else:
            errors = [p for p in result.problems if p.is_error]
            assert errors and all("2.x" in p.message for p in errors), "\n".join(map(str, errors))
            refused[spec.stem] = sorted({p.message for p in errors})[:3]
    verdicts = oracle.parse_files([str(p) for p in written])
    rejected = {Path(k).stem: v for k, v in verdicts.items() if v is not None}
    print(f"\nloaded in TripleA 1.9: {len(written) - len(rejected)}/{len(written)}; needs 2.x: {refused}")
    assert not rejected, rejected
    assert "two_fronts" in {p.stem for p in written}
