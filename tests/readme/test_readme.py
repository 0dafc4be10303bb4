"""Every example of README.md and of the pages of docs/ runs as written.

The convention (docs/contributing.md, "The examples are tests", points here):

* A ```sh block is a list of commands, one per line: blank lines and lines starting with `#` are
  skipped, a line ending in `\\` continues on the next. Each command must exit 0, or the status
  its trailing comment states: `... # exit 1` (the comment starts with `exit N`; text may follow).
* A ```console block is a terminal session: a line starting with `$ ` is a command (same `# exit N`
  rule, `\\` continues it); the lines after it, up to the next `$ ` line, are what it prints
  (stdout and stderr interleaved, as a terminal shows them). They are compared as doctest does with
  ELLIPSIS after trailing blanks are removed: `...` stands for any text, also several lines. A
  command followed by no lines must print nothing.
* A ```pycon block is a Python session (`>>>` prompts) run by doctest, with ELLIPSIS.
* `<!-- file: NAME -->` on the line before a block: when the examples reach it, its text is saved
  as NAME (relative to the project's top folder), as a reader following along would.
* `<!-- not run: reason -->` on the line before a block: not run. Only for installing and for what
  needs a person at a terminal; the reason says which.
* Other blocks (```yaml, ```json, ```python, plain ``` synopses) are not run.

Each page (README.md, then docs/*.md in name order; not the generated docs/rules/) is read by a reader of
its own: its commands run with bash, in page order, in one temporary copy of the project per page (the
files git lists, with `../shared` a link to the real one), from the copy's top folder, with the installed
`triplea-compiler` first on PATH running this checkout's code; pycon blocks run in-process from the same
folder. A page's examples make the /tmp files they read (pages run one after another, in this one test
module). The commands of a block that mentions `../shared`, and a command naming a file block that does,
need ../shared; the commands of a block that runs `tests/oracle/triplea19.py` need TripleA 1.9: without
them they are skipped with the reason (failed in CI). After a page's examples, no project file may have
changed: examples write only to /tmp, or write files with the content they already have.
"""

from __future__ import annotations

import difflib
import doctest
import re
import shutil
from pathlib import Path

import pytest
from markdown_examples import (
    SHARED_MENTION,
    Block,
    Command,
    Step,
    doctest_blocks,
    fenced_blocks,
    readme_steps,
)
from readme_session import ReadmeSession
from reference_data import REFERENCE, ROOT, SHARED, TRIPLEA_JAR

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


TEXTS = {_name(page): page.read_text(encoding="utf-8") for page in PAGES}
STEPS = {name: readme_steps(text, name) for name, text in TEXTS.items()}
COMMANDS = [step for steps in STEPS.values() for step in steps if isinstance(step, Command)]
SESSIONS = [block for name, text in TEXTS.items() for block in doctest_blocks(text, name)]
RUN_PAGES = [name for name in TEXTS if any(isinstance(s, Command) for s in STEPS[name])
             or any(b.page == name for b in SESSIONS)]
UNRUN_SHELLS = ("bash", "shell", "zsh", "shell-session", "shellsession")
NOT_RUN_REASONS = ("install", "terminal")


def _available(step: Step) -> bool:
    if step.needs_shared and not REFERENCE.is_dir():
        return False
    return not step.needs_triplea or (TRIPLEA_JAR.is_file() and shutil.which("javac") is not None)


class Readers:
    """One reader (a ReadmeSession in its own copy of the project) per page, made when first asked for."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self.factory = factory
        self.sessions: dict[str, ReadmeSession] = {}

    def of(self, page: str) -> ReadmeSession:
        if page not in self.sessions:
            workdir = self.factory.mktemp(page.replace("/", "-").removesuffix(".md"))
            session = ReadmeSession(ROOT, SHARED, workdir, STEPS[page], _available)
            if shutil.which("triplea-compiler", path=session.env["PATH"]) is None:
                pytest.fail("triplea-compiler is not installed: pip install -e '.[dev]' (README, Set-up)")
            self.sessions[page] = session
        return self.sessions[page]


@pytest.fixture(scope="module")
def readers(tmp_path_factory: pytest.TempPathFactory) -> Readers:
    return Readers(tmp_path_factory)


def _require(step: Step | Block, request: pytest.FixtureRequest) -> None:
    """Skip (fail in CI) a step whose ../shared or TripleA 1.9 is missing."""
    if step.needs_shared if isinstance(step, Step) else SHARED_MENTION in step.text:
        request.getfixturevalue("shared")
    if isinstance(step, Step) and step.needs_triplea:
        request.getfixturevalue("triplea_jar")


def _normal(text: str) -> str:
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


@pytest.mark.parametrize("command", COMMANDS, ids=[c.id for c in COMMANDS])
def test_readme_command(command: Command, readers: Readers, request: pytest.FixtureRequest) -> None:
    _require(command, request)
    outcome = readers.of(command.page).outcome(command)
    where = f"{command.id}: $ {command.command}"
    assert outcome.status == command.status, f"{where}\nexit {outcome.status}, {command.page} says " \
                                             f"{command.status}:\n{outcome.output[-4000:]}"
    if command.output is None:
        return
    want, got = _normal(command.output), _normal(outcome.output)
    if not doctest.OutputChecker().check_output(want, got, doctest.ELLIPSIS):
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), command.page, "printed"))
        pytest.fail(f"{where}\noutput differs from {command.page} (`...` matches anything):\n{diff[:6000]}")


@pytest.mark.parametrize("block", SESSIONS, ids=[b.id for b in SESSIONS])
def test_readme_python_session(block: Block, readers: Readers, request: pytest.FixtureRequest,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    _require(block, request)
    session = readers.of(block.page)
    session.run_until(next((i for i, s in enumerate(session.steps) if s.line > block.line), len(session.steps)))
    monkeypatch.chdir(session.copy)
    test = doctest.DocTestParser().get_doctest(block.text, {}, block.id, str(ROOT / block.page), block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert test.examples, f"{block.id}: a pycon block without `>>>` examples"
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("page", RUN_PAGES)
def test_examples_change_no_project_file(page: str, readers: Readers) -> None:
    session = readers.of(page)
    session.run_until(len(STEPS[page]))
    assert session.changed_files() == [], f"{page}: examples must not change project files"


def test_every_command_has_a_runnable_example() -> None:
    table = re.search(r"^\| command \| what it does \|\n\|[-|]+\|\n((?:\|.*\n)+)", TEXTS["README.md"], re.MULTILINE)
    assert table, "README.md: the command table at the top is missing"
    names = [name for row in table[1].splitlines() for name in re.findall(r"`([a-z-]+)`", row.split("|")[1])]
    assert len(names) >= 11, names
    missing = [name for name in names
               if not any(re.search(rf"(^|[\s;&|(])triplea-compiler {name}(\s|$)", c.command) for c in COMMANDS)]
    assert missing == [], f"commands without a runnable example in README.md or docs/: {missing}"


@pytest.mark.parametrize("page", list(TEXTS))
def test_shell_blocks_are_run_or_say_why_not(page: str) -> None:
    blocks = fenced_blocks(TEXTS[page], page)
    unrun = [b.id for b in blocks if b.language in UNRUN_SHELLS]
    assert unrun == [], f"shell examples must be ```sh or ```console blocks so they run: {unrun}"
    vague = [f"{b.id}: {b.not_run}" for b in blocks
             if b.not_run is not None and not any(word in b.not_run for word in NOT_RUN_REASONS)]
    assert vague == [], f"`<!-- not run -->` is only for installing and for a terminal: {vague}"


def test_readme_and_docs_have_examples_to_run() -> None:
    readme = [c for c in COMMANDS if c.page == "README.md"]
    assert len(readme) >= 5 and len(COMMANDS) >= 60 and len(SESSIONS) >= 3, (len(readme), len(COMMANDS), len(SESSIONS))
