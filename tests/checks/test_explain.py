"""`triplea-compiler explain ID` and docs/rules: a check's documentation from the registry and its docstring."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.checks.registry import CHECKS
from compiler.cli import main
from compiler.commands.explain_doc import MISSING, all_docs, pages, parse, render_markdown
from compiler.commands.explain_pages import stale, write
from compiler.fixes.registry import AVAILABILITY

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"

DOCSTRING = '''Every widget is blue.

TripleA paints widgets blue and refuses
other colours.

Failing (widgets.txt)::

    red widget

    another red one

Passing::

    <widget colour="blue"/>

How to fix: paint it
blue.
Fix: unsafe. `validate --fix --unsafe-fixes` paints
it.
'''


def _explain(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["explain", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_pages_are_up_to_date() -> None:
    assert stale(DOCS) == [], "docs/rules is out of date: run `python -m compiler.commands.explain_pages`"


def test_a_changed_extra_or_missing_page_is_stale(tmp_path: Path) -> None:
    assert write(tmp_path) == len(CHECKS) + 1 and stale(tmp_path) == []
    (tmp_path / "gated-option.md").write_text("edited by hand\n", encoding="utf-8")
    (tmp_path / "no-such-check.md").write_text("gone\n", encoding="utf-8")
    (tmp_path / "canal.md").unlink()
    assert stale(tmp_path) == ["canal.md", "gated-option.md", "no-such-check.md"]
    assert write(tmp_path) == 3 and stale(tmp_path) == [] and not (tmp_path / "no-such-check.md").exists()


def test_the_index_links_every_check_in_reporting_order() -> None:
    index = pages()["README.md"]
    links = [line.split("](")[1].split(".md")[0] for line in index.splitlines() if line.startswith("| [")]
    assert links == list(CHECKS)


def test_a_docstring_is_read_part_by_part() -> None:
    doc = parse("blue-widget", "warning", DOCSTRING, "unsafe")
    assert doc.summary == "Every widget is blue."
    assert doc.why == ("TripleA paints widgets blue and refuses other colours.",)
    [failing] = doc.failing
    assert failing.caption == "widgets.txt" and failing.text == "red widget\n\nanother red one"
    assert [p.text for p in doc.passing] == ['<widget colour="blue"/>'] and doc.fix == "Paint it blue."
    page = render_markdown(doc)
    assert "widgets.txt:\n\n```\nred widget" in page and '```xml\n<widget colour="blue"/>\n```' in page
    assert page.endswith("## Fix availability\n\nFix is available but unsafe (it changes what the game does): only "
                         "`validate --fix --unsafe-fixes` applies it. `validate --fix --unsafe-fixes` paints it.\n")


def test_a_missing_part_is_said_to_be_missing() -> None:
    doc = parse("terse", "error", "Widgets exist.\n")
    assert (doc.why, doc.failing, doc.passing, doc.fix) == ((), (), (), "")
    assert render_markdown(doc).count(MISSING) == 4
    assert "## Fix availability\n\nNo fix is available" in render_markdown(doc)


def test_every_page_says_whether_a_fix_is_available_as_the_fixer_registry_does() -> None:
    wanted = {"safe": "Fix is available and safe", "unsafe": "Fix is available but unsafe",
              "safe or unsafe": "Fix is available: safe for some", "none": "No fix is available"}
    docs = all_docs()
    assert {d.id: d.fix_availability for d in docs if d.fix_availability != "none"} == AVAILABILITY
    for doc in docs:
        section = pages()[f"{doc.id}.md"].split("## Fix availability\n\n")[1]
        assert section.startswith(wanted[doc.fix_availability]), doc.id


def test_every_check_says_what_it_checks_with_both_examples() -> None:
    for doc in all_docs():
        assert doc.summary and doc.failing and doc.passing, doc.id


def test_explain_prints_every_part() -> None:
    status, out, _ = _explain("gated-option")
    assert status == 0
    for heading in ("gated-option (warning)", "Why TripleA cares:", "Failing example:", "Passing example:",
                    "How to fix:", "Fix availability:"):
        assert heading in out
    assert "objectiveAttachmentGermans1" in out and "National Objectives" in out


def test_explain_markdown_is_the_page() -> None:
    status, out, _ = _explain("--format", "markdown", "canal")
    assert status == 0 and out == pages()["canal.md"]


def test_explain_lists_the_checks() -> None:
    status, out, _ = _explain("--list")
    checks = [line.split()[0] for line in out.splitlines() if line.split()[1] not in ("rule", "league")]
    assert status == 0 and checks == list(CHECKS)


@pytest.mark.parametrize("wrong, suggestion", [("gated-optoin", "gated-option"), ("canals", "canal")])
def test_an_unknown_id_is_a_usage_error_with_a_suggestion(wrong: str, suggestion: str) -> None:
    status, out, err = _explain(wrong)
    assert status == 2 and out == ""
    assert f"Invalid value for 'ID': no check or house rule is called '{wrong}' (did you mean '{suggestion}'?)" in err


def test_another_code_gets_its_meaning() -> None:
    status, out, _ = _explain("xml-syntax")
    assert status == 0 and out.startswith("xml-syntax (error): the game XML is not well-formed")


def test_no_id_is_a_usage_error() -> None:
    status, _, err = _explain()
    assert status == 2 and "give the ID of a check" in err
