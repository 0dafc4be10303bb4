"""The runnable examples of a Markdown file, by the convention described in test_readme.py.

`fenced_blocks` finds the fenced code blocks (with the HTML comment marker right before each);
`readme_steps` turns them, in order, into steps: shell commands (``sh`` and ``console`` blocks) and
files to write (``<!-- file: NAME -->`` blocks); `doctest_blocks` gives the ``pycon`` blocks. Each is
located by its page (``README.md``, ``docs/commands.md``...) and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SHARED_MENTION = "../shared"
TRIPLEA_MENTION = "tests/oracle/triplea19.py"
RUN_LANGUAGES = ("sh", "console")
_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)[^`]*$")
_MARKER = re.compile(r"^\s*<!--\s*(?P<kind>not run|file):\s*(?P<value>.*?)\s*-->\s*$")
_EXIT = re.compile(r"^exit\s+(?P<status>\d+)\b")


class ExampleError(ValueError):
    """A block breaks the convention (reported with its page and line)."""


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, the line of its opening fence and its text."""

    language: str
    line: int
    text: str
    not_run: str | None = None  # the reason given by `<!-- not run: reason -->`
    file: str | None = None  # the name given by `<!-- file: NAME -->`
    page: str = "README.md"

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


@dataclass(frozen=True)
class Command:
    """One shell command of a block, with the exit status and (console) output it must give."""

    line: int
    command: str
    status: int = 0
    output: str | None = None  # None: not compared (sh blocks)
    needs_shared: bool = False
    needs_triplea: bool = False
    page: str = "README.md"

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


@dataclass(frozen=True)
class FileWrite:
    """A block to save under `path` (relative to the clone) before the commands after it run."""

    line: int
    path: str
    text: str
    needs_shared: bool = False
    needs_triplea: bool = False
    page: str = "README.md"


Step = Command | FileWrite


def fenced_blocks(markdown: str, page: str = "README.md") -> list[Block]:
    """Every fenced code block of `page`, indentation (as in list items) removed."""
    lines = markdown.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence = len(opening["indent"]), opening["fence"]
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not _is_closing(lines[j], fence):
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j].lstrip())
            j += 1
        if j == len(lines):
            raise ExampleError(f"{page}:{i + 1}: code block is never closed")
        kind, value = _marker_before(lines, i)
        if kind is not None and not value:
            raise ExampleError(f"{page}:{i + 1}: `<!-- {kind}: ... -->` needs a value")
        blocks.append(Block(opening["info"].lower(), i + 1, "".join(f"{b}\n" for b in body),
                            not_run=value if kind == "not run" else None,
                            file=value if kind == "file" else None, page=page))
        i = j + 1
    return blocks


def _is_closing(line: str, fence: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(fence) and set(stripped) == {fence[0]}


def _marker_before(lines: list[str], i: int) -> tuple[str | None, str]:
    """The `<!-- not run: ... -->` or `<!-- file: ... -->` comment on the last non-blank line before i."""
    j = i - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    found = _MARKER.match(lines[j]) if j >= 0 else None
    return (found["kind"], found["value"]) if found else (None, "")


def trailing_comment(line: str) -> str | None:
    """The text of a shell comment ending `line` (a `#` after a blank, outside quotes), or None."""
    quote = ""
    escaped = False
    for k, char in enumerate(line):
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (k == 0 or line[k - 1].isspace()):
            return line[k + 1:].strip()
    return None


def expected_status(line: str) -> int:
    """The exit status a command states with a trailing `# exit N` comment; else 0."""
    found = _EXIT.match(trailing_comment(line) or "")
    return int(found["status"]) if found else 0


def _logical_lines(lines: list[tuple[int, str]], page: str) -> list[tuple[int, str]]:
    """Join lines ending in a backslash with the next one (kept as a shell continuation)."""
    joined: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for number, text in lines:
        if pending is not None:
            pending = (pending[0], f"{pending[1]}\n{text}")
        else:
            pending = (number, text)
        if not text.endswith("\\"):
            joined.append(pending)
            pending = None
    if pending is not None:
        raise ExampleError(f"{page}:{pending[0]}: the command's last line ends in a backslash")
    return joined


def _sh_commands(block: Block) -> list[tuple[int, str, str | None]]:
    numbered = [(block.line + 1 + k, text) for k, text in enumerate(block.text.splitlines())]
    kept = [(n, t) for n, t in numbered if t.strip() and not t.lstrip().startswith("#")]
    return [(n, text, None) for n, text in _logical_lines(kept, block.page)]


def _console_commands(block: Block) -> list[tuple[int, str, str | None]]:
    found: list[tuple[int, str, list[str]]] = []
    lines = block.text.splitlines()
    k = 0
    while k < len(lines):
        number = block.line + 1 + k
        if not lines[k].startswith("$ "):
            if not found:
                raise ExampleError(f"{block.id}: a console block starts with a `$ ` command")
            found[-1][2].append(lines[k])
            k += 1
            continue
        text = lines[k][2:]
        while text.endswith("\\") and k + 1 < len(lines):
            k += 1
            text += "\n" + lines[k]
        found.append((number, text, []))
        k += 1
    return [(n, text, "".join(f"{o}\n" for o in out)) for n, text, out in found]


def readme_steps(markdown: str, page: str = "README.md") -> list[Step]:
    """The commands and files of the run blocks of `page`, in order, each with what it needs.

    A step needs ../shared when its block mentions it or when it names a file block that does; it
    needs TripleA 1.9 when its block runs the oracle script.
    """
    steps: list[Step] = []
    shared_files: list[str] = []
    for block in fenced_blocks(markdown, page):
        if block.not_run is not None:
            continue
        if block.file is not None:
            needs = SHARED_MENTION in block.text
            if needs:
                shared_files.append(block.file)
            steps.append(FileWrite(block.line, block.file, block.text, needs_shared=needs, page=page))
            continue
        if block.language not in RUN_LANGUAGES:
            continue
        parsed = _sh_commands(block) if block.language == "sh" else _console_commands(block)
        block_needs_shared, needs_triplea = SHARED_MENTION in block.text, TRIPLEA_MENTION in block.text
        for number, text, output in parsed:
            needs_shared = block_needs_shared or any(name in text for name in shared_files)
            last_line = text.splitlines()[-1]
            steps.append(Command(number, text, expected_status(last_line), output,
                                 needs_shared=needs_shared, needs_triplea=needs_triplea, page=page))
    return steps


def doctest_blocks(markdown: str, page: str = "README.md") -> list[Block]:
    """The ``pycon`` blocks (Python sessions with `>>>` prompts), run by doctest."""
    return [b for b in fenced_blocks(markdown, page) if b.language == "pycon" and b.not_run is None]
