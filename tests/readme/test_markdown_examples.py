"""The example convention of the README and docs/: how blocks become commands, statuses, outputs and files."""

from __future__ import annotations

import pytest
from markdown_examples import (
    Command,
    ExampleError,
    FileWrite,
    doctest_blocks,
    expected_status,
    fenced_blocks,
    readme_steps,
    trailing_comment,
)

SAMPLE = """\
# Title

```sh
# a comment line
triplea-compiler compile specs/two_fronts.yaml -o output/   # writes output/two_fronts.xml

triplea-compiler validate a.xml \\
  --format json      # exit 1: errors
```

<!-- not run: installs packages -->
```sh
pip install -e .
```

```console
$ triplea-compiler validate /tmp/x.xml     # exit 1
/tmp/x.xml:1:1: error: ... [unknown-unit]
1 game(s) checked: 1 error(s), 0 warning(s)
$ sed 's/a/b/' ../shared/x.xml > /tmp/x.xml
```

- a list item:
  ```json
  {"a": 1}
  ```

<!-- file: log.yaml -->
```yaml
xml: ../shared/reference/maps/g40/map/games/G40.xml
```

```sh
triplea-compiler check-log log.yaml
```

```sh
python tests/oracle/triplea19.py parse x.xml > /tmp/p.jsonl  # exit 1
grep -c ok /tmp/p.jsonl
```

```pycon
>>> 1 + 1
2
```
"""


def test_blocks_with_language_line_and_markers():
    blocks = fenced_blocks(SAMPLE)
    assert [(b.language, b.line) for b in blocks] == [
        ("sh", 3), ("sh", 12), ("console", 16), ("json", 24), ("yaml", 29), ("sh", 33), ("sh", 37), ("pycon", 42)]
    assert blocks[1].not_run == "installs packages" and blocks[4].file == "log.yaml"
    assert blocks[3].text == '{"a": 1}\n'  # the list item's indentation is removed


def test_steps_commands_statuses_outputs_and_needs():
    steps = readme_steps(SAMPLE)
    assert [type(s) for s in steps] == [Command, Command, Command, Command, FileWrite, Command, Command, Command]
    compile_, validate, console_validate, sed, log, check_log, oracle, grep = steps
    assert isinstance(compile_, Command) and compile_.line == 5 and compile_.status == 0
    assert compile_.output is None and not compile_.needs_shared
    assert isinstance(validate, Command) and validate.line == 7 and validate.status == 1
    assert validate.command == "triplea-compiler validate a.xml \\\n  --format json      # exit 1: errors"
    assert isinstance(sed, Command) and sed.output == "" and sed.needs_shared and sed.id == "README.md:20"
    assert isinstance(console_validate, Command) and console_validate.status == 1
    assert console_validate.needs_shared  # another command of its block reads ../shared
    assert console_validate.output == (
        "/tmp/x.xml:1:1: error: ... [unknown-unit]\n1 game(s) checked: 1 error(s), 0 warning(s)\n")
    assert isinstance(log, FileWrite) and log.path == "log.yaml" and log.needs_shared
    assert isinstance(check_log, Command) and check_log.needs_shared and not check_log.needs_triplea
    assert isinstance(oracle, Command) and oracle.needs_triplea and oracle.status == 1
    assert isinstance(grep, Command) and grep.needs_triplea  # its block runs the oracle
    assert [b.line for b in doctest_blocks(SAMPLE)] == [42]


@pytest.mark.parametrize(("line", "comment", "status"), [
    ("cmd   # exit 2: unreadable", "exit 2: unreadable", 2),
    ("cmd # writes output/x.xml", "writes output/x.xml", 0),
    ("cmd --rule 'a:{\"b\": 1}' # exit 1", "exit 1", 1),
    ("grep '# exit 3' file", None, 0),
    ("echo a#b", None, 0),
    ('echo "it\\"s # not" # exit 1', "exit 1", 1),
])
def test_trailing_comments_and_exit_status(line, comment, status):
    assert trailing_comment(line) == comment
    assert expected_status(line) == status


@pytest.mark.parametrize(("text", "words"), [
    ("```sh\nls\n", "code block is never closed"),
    ("```console\nls\n```\n", "a console block starts with a `$ ` command"),
    ("<!-- not run: -->\n```sh\nls\n```\n", "needs a value"),
    ("```sh\nls \\\n```\n", "ends in a backslash"),
])
def test_broken_blocks_are_located(text, words):
    with pytest.raises(ExampleError, match="README.md:"):
        readme_steps(text)
    with pytest.raises(ExampleError) as err:
        readme_steps(text)
    assert words in str(err.value)


def test_a_docs_page_names_itself_in_ids_and_errors():
    steps = readme_steps(SAMPLE, "docs/commands.md")
    assert {s.page for s in steps} == {"docs/commands.md"} and steps[0].id == "docs/commands.md:5"
    assert [b.id for b in doctest_blocks(SAMPLE, "docs/commands.md")] == ["docs/commands.md:42"]
    with pytest.raises(ExampleError, match=r"^docs/commands.md:1: a console block"):
        readme_steps("```console\nls\n```\n", "docs/commands.md")
