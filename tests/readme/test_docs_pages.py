"""The README is a short front door and docs/ holds the reference: every link between them leads somewhere,
and what the README promises a user who installs the tool is true of pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from markdown_examples import fenced_blocks
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from reference_data import ROOT

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 300
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6} +(.+?) *#* *$")


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*]", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings (outside code blocks); a repeated heading gets -1, -2, ..."""
    text = page.read_text(encoding="utf-8")
    fenced = {line for block in fenced_blocks(text, page.name)
              for line in range(block.line, block.line + block.text.count("\n") + 2)}
    found: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        heading = _HEADING.match(line)
        if heading and number not in fenced:
            name, k = anchor(heading[1]), 1
            while name in found:
                name, k = f"{anchor(heading[1])}-{k}", k + 1
            found.add(name)
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """The relative links of `page` to a missing file, or to a missing heading of a Markdown page (`page`
    named relative to `root`)."""
    broken = []
    text = page.read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        for target in _LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, fragment = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                broken.append(f"{page.relative_to(root)}:{number}: {target}: no such file")
            elif fragment and file.suffix == ".md" and fragment not in anchors(file):
                broken.append(f"{page.relative_to(root)}:{number}: {target}: no such heading")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_link_leads_somewhere(page: Path) -> None:
    assert broken_links(page) == []


def test_a_broken_link_or_heading_is_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other page\n\n## Set-up: and `the` two (commands)\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[ok](other.md#set-up-and-the-two-commands) [gone](missing.md) [bad](other.md#nowhere)\n"
                    "[web](https://example.org/x) [self](#a-title)\n\n# A title\n", encoding="utf-8")
    assert broken_links(page, tmp_path) == ["page.md:1: missing.md: no such file",
                                            "page.md:1: other.md#nowhere: no such heading"]


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < README_MOST_LINES, "README.md: move the reference into docs/"
    for page in ("commands", "checks", "configuration", "map-repository", "spec-language", "house-rules",
                 "architecture", "oracles", "benchmarks", "contributing"):
        assert f"(docs/{page}.md" in text, f"README.md does not link docs/{page}.md"


def test_a_user_install_brings_no_test_tool() -> None:
    """`pip install .` (or pipx) installs the run-time dependencies only; the tools are the [dev] extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = {canonicalize_name(Requirement(r).name) for r in project["dependencies"]}
    dev = {canonicalize_name(Requirement(r).name) for r in project["optional-dependencies"]["dev"]}
    assert runtime & dev == set() and {"pytest", "ruff", "mypy", "hypothesis"} <= dev
    text = README.read_text(encoding="utf-8")
    assert "pipx install ." in text and "pip install ." in text and "[dev]" in text
