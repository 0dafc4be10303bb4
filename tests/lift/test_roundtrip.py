"""Import every real game XML, lower the imported spec and render it: the game must be unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from reference_data import REFERENCE, corpus_files, or_placeholder

from compiler.compile import compile_spec
from compiler.diff import diff_models
from compiler.lift import import_text
from compiler.xml.parse import parse_bytes, parse_file

FILES = corpus_files()


def _id(path: Path) -> str:
    return str(path.relative_to(REFERENCE))


@pytest.mark.parametrize("path", or_placeholder(FILES), ids=_id)
def test_import_compiles_back_to_the_same_game(shared: Path, path: Path, tmp_path: Path) -> None:
    """import, then compile (the whole pipeline, checks included), then diff against the original."""
    original = parse_file(path).model
    spec_path = tmp_path / f"{path.stem}.yaml"
    spec_path.write_text(import_text(original), encoding="utf-8")
    compiled = compile_spec(spec_path)
    assert compiled.ok, [str(p) for p in compiled.problems if p.is_error][:5]
    rendered = parse_bytes(compiled.xml.encode("utf-8"), f"{path.stem}.compiled.xml")
    assert not rendered.problems
    differences = diff_models(original, rendered.model)
    assert not differences, [d.as_dict() for d in differences[:5]]


def test_corpus_is_there(shared: Path) -> None:
    assert len(FILES) >= 50


@pytest.mark.parametrize("path", or_placeholder([p for p in FILES if "/maps/" in str(p)]), ids=lambda p: p.name)
def test_imported_spec_is_at_most_a_third_of_the_xml(shared: Path, path: Path) -> None:
    text = import_text(parse_file(path).model)
    xml_lines = len(path.read_text(encoding="utf-8", errors="replace").splitlines())
    assert len(text.splitlines()) * 3 <= xml_lines


def test_untyped_and_typed_boolean_properties_keep_their_type() -> None:
    """A bare YAML boolean lowers to a typed <boolean/> property: an untyped "true" is written as a string."""
    from compiler.lower import lower_spec
    from compiler.spec import load_spec_text

    xml = (b'<game><info name="p" version="1"/><propertyList>'
           b'<property name="Untyped" value="true"/><property name="Quiet" value="false" editable="false"/>'
           b'<property name="Typed" value="true"><boolean/></property></propertyList></game>')
    model = parse_bytes(xml, "p.xml").model
    text = import_text(model)
    assert 'Untyped: "true"' in text and 'Quiet: "false"' in text and "Typed: true" in text
    lowered, _ = lower_spec(load_spec_text(text, "p.yaml"), "2.x")
    assert [(p.name, p.value, p.kind) for p in lowered.properties] == [
        ("Untyped", "true", None), ("Quiet", "false", None), ("Typed", "true", "boolean")]
