"""Every example of README.md runs as written.

The convention (README.md, "Contributing", points here):

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

The commands run with bash, in README order, in one temporary copy of the project (the files git
lists, with `../shared` a link to the real one), from the copy's top folder, with the installed
`triplea-compiler` first on PATH running this checkout's code; pycon blocks run in-process from
the same folder. The commands of a block that mentions `../shared`, and a command naming a file
block that does, need ../shared; the commands of a block that runs `tests/oracle/triplea19.py`
need TripleA 1.9: without them they are skipped with the reason (failed in CI). After the
examples, no project file may have changed: examples write only to /tmp, or write files with the
content they already have.
"""

from __future__ import annotations

import difflib
import doctest
import re
import shutil

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
TEXT = README.read_text(encoding="utf-8")
STEPS = readme_steps(TEXT)
COMMANDS = [step for step in STEPS if isinstance(step, Command)]
SESSIONS = doctest_blocks(TEXT)
UNRUN_SHELLS = ("bash", "shell", "zsh", "shell-session", "shellsession")
NOT_RUN_REASONS = ("install", "terminal")


def _available(step: Step) -> bool:
    if step.needs_shared and not REFERENCE.is_dir():
        return False
    return not step.needs_triplea or (TRIPLEA_JAR.is_file() and shutil.which("javac") is not None)


@pytest.fixture(scope="module")
def readme_session(tmp_path_factory: pytest.TempPathFactory) -> ReadmeSession:
    session = ReadmeSession(ROOT, SHARED, tmp_path_factory.mktemp("readme"), STEPS, _available)
    if shutil.which("triplea-compiler", path=session.env["PATH"]) is None:
        pytest.fail("triplea-compiler is not installed: pip install -e '.[dev]' (README, Set-up)")
    return session


def _require(step: Step | Block, request: pytest.FixtureRequest) -> None:
    """Skip (fail in CI) a step whose ../shared or TripleA 1.9 is missing."""
    if step.needs_shared if isinstance(step, Step) else SHARED_MENTION in step.text:
        request.getfixturevalue("shared")
    if isinstance(step, Step) and step.needs_triplea:
        request.getfixturevalue("triplea_jar")


def _normal(text: str) -> str:
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


@pytest.mark.parametrize("command", COMMANDS, ids=[c.id for c in COMMANDS])
def test_readme_command(command: Command, readme_session: ReadmeSession, request: pytest.FixtureRequest) -> None:
    _require(command, request)
    outcome = readme_session.outcome(command)
    where = f"{command.id}: $ {command.command}"
    assert outcome.status == command.status, f"{where}\nexit {outcome.status}, README says {command.status}:\n" \
                                             f"{outcome.output[-4000:]}"
    if command.output is None:
        return
    want, got = _normal(command.output), _normal(outcome.output)
    if not doctest.OutputChecker().check_output(want, got, doctest.ELLIPSIS):
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "README", "printed"))
        pytest.fail(f"{where}\noutput differs from the README (`...` matches anything):\n{diff[:6000]}")


@pytest.mark.parametrize("block", SESSIONS, ids=[f"README.md:{b.line}" for b in SESSIONS])
def test_readme_python_session(block: Block, readme_session: ReadmeSession, request: pytest.FixtureRequest,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    _require(block, request)
    monkeypatch.chdir(readme_session.copy)
    name = f"README.md:{block.line}"
    test = doctest.DocTestParser().get_doctest(block.text, {}, name, str(README), block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert test.examples, f"{name}: a pycon block without `>>>` examples"
    assert runner.failures == 0, "".join(report)


def test_examples_change_no_project_file(readme_session: ReadmeSession) -> None:
    readme_session.run_until(len(STEPS))
    assert readme_session.changed_files() == [], "README examples must not change project files"


def test_every_command_has_a_runnable_example() -> None:
    table = re.search(r"^\| command \| what it does \|\n\|[-|]+\|\n((?:\|.*\n)+)", TEXT, re.MULTILINE)
    assert table, "README.md: the command table at the top is missing"
    names = [name for row in table[1].splitlines() for name in re.findall(r"`([a-z-]+)`", row.split("|")[1])]
    assert len(names) >= 11, names
    missing = [name for name in names
               if not any(re.search(rf"(^|[\s;&|(])triplea-compiler {name}(\s|$)", c.command) for c in COMMANDS)]
    assert missing == [], f"commands without a runnable README example: {missing}"


def test_shell_blocks_are_run_or_say_why_not() -> None:
    blocks = fenced_blocks(TEXT)
    unrun = [f"README.md:{b.line}" for b in blocks if b.language in UNRUN_SHELLS]
    assert unrun == [], f"shell examples must be ```sh or ```console blocks so they run: {unrun}"
    vague = [f"README.md:{b.line}: {b.not_run}" for b in blocks
             if b.not_run is not None and not any(word in b.not_run for word in NOT_RUN_REASONS)]
    assert vague == [], f"`<!-- not run -->` is only for installing and for a terminal: {vague}"


def test_readme_has_examples_to_run() -> None:
    assert len(COMMANDS) >= 30 and SESSIONS, (len(COMMANDS), len(SESSIONS))
