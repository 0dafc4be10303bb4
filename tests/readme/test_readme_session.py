"""The README runner on a small git project: order, statuses, output, files written, changes seen."""

from __future__ import annotations

import subprocess
from pathlib import Path

from markdown_examples import Command, readme_steps
from readme_session import ReadmeSession

README = """\
```console
$ cat notes.txt; echo oops >&2; exit 3
tracked
oops
```

<!-- file: made.txt -->
```text
made by the reader
```

```sh
cat made.txt > /dev/null
echo changed >> notes.txt
ls ../shared/reference
```
"""


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "notes.txt").write_text("tracked\n")
    (root / "ignored.log").write_text("not copied\n")
    (root / ".gitignore").write_text("*.log\n")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "notes.txt", ".gitignore"], cwd=root, check=True)
    (root / "new.txt").write_text("new, not ignored\n")
    return root


def _session(tmp_path: Path, runnable=lambda step: True) -> ReadmeSession:
    shared = tmp_path / "shared"
    (shared / "reference").mkdir(parents=True)
    workdir = tmp_path / "work"
    workdir.mkdir()
    return ReadmeSession(_project(tmp_path), shared, workdir, readme_steps(README), runnable)


def test_copy_holds_git_files_and_the_shared_link(tmp_path):
    session = _session(tmp_path)
    assert session.files == [".gitignore", "new.txt", "notes.txt"]
    assert not (session.copy / "ignored.log").exists()
    assert (session.copy.parent / "shared").resolve() == (tmp_path / "shared").resolve()


def test_commands_run_in_order_and_changes_are_seen(tmp_path):
    session = _session(tmp_path)
    first, *_, last = [s for s in session.steps if isinstance(s, Command)]
    outcome = session.outcome(first)
    assert (outcome.status, outcome.output) == (3, "tracked\noops\n")
    assert session.changed_files() == []
    assert session.outcome(last).status == 0  # runs the file write and the commands before it
    assert (session.copy / "made.txt").read_text() == "made by the reader\n"
    assert session.changed_files() == ["notes.txt"]


def test_steps_that_cannot_run_are_left_out(tmp_path):
    session = _session(tmp_path, runnable=lambda step: not getattr(step, "needs_shared", False))
    session.run_until(len(session.steps))
    assert (session.copy / "made.txt").exists()
    assert session.changed_files() == []  # the block that reads ../shared (and edits notes.txt) did not run
