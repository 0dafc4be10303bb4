"""Behaving well on a terminal: coloured severities, progress on long batches, and reading stdin (`-`).

Colour (text output only; never json, sarif or github): `--color always|never`, or with `auto` when
stdout is a terminal, unless NO_COLOR is set to anything non-empty; FORCE_COLOR (non-empty) turns it on
where it would be off. Progress ("[12/51] path", overwritten in place) goes to stderr only when stderr
is a terminal, the batch has more than one input and --quiet is not given; it is cleared at the end.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import IO, Any, BinaryIO, TypeVar, cast

import click

from compiler.limits import SIZE, read_capped, size_text
from compiler.problems import STDIN_NAME, InputError, Location, Problem, ProblemsFound, Severity
from compiler.safetext import safe_line, visible

F = TypeVar("F", bound=Callable[..., Any])
STDIN = "-"
COLOR_CHOICES = ("auto", "always", "never")
_SEVERITY_COLOR = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def _isatty(stream: IO[Any]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream is no terminal
        return False


def use_color(mode: str, stream: IO[Any] | None = None) -> bool:
    """Whether to colour what goes to `stream` (stdout by default) under `--color mode`."""
    if mode == "always":
        return True
    if mode == "never" or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return _isatty(stream if stream is not None else sys.stdout)


def color_option(command: F) -> F:
    """The `--color auto|always|never` option."""
    return click.option("--color", "color", type=click.Choice(COLOR_CHOICES), default="auto", show_default=True,
                        help="Colour severities in text output (auto: when stdout is a terminal; "
                             "NO_COLOR and FORCE_COLOR are honoured).")(command)


def colored_text(problems: list[Problem]) -> str:
    """The text format with the severity (and id) of each problem coloured."""
    from compiler.report import format_problems

    out = []
    for p in problems:
        line = format_problems([p], "text")
        where = safe_line(str(p.location))
        cut = len(where) + 2 if where else 0
        word = str(p.severity)
        if line[cut:cut + len(word)] != word:  # not the layout expected: leave the line as it is
            out.append(line)
            continue
        tail = line[cut + len(word):].rstrip("\n")
        code = f"[{p.code}]"
        if tail.endswith(code):
            tail = tail[:-len(code)] + click.style(code, dim=True)
        out.append(line[:cut] + click.style(word, fg=_SEVERITY_COLOR[p.severity], bold=True) + tail + "\n")
    return "".join(out)


def render(problems: list[Problem], fmt: str, color: bool, files: int | None = None) -> str:
    """Problems in `fmt`; colour only for text, and only when asked; `files` checked, for the JSON summary."""
    from compiler.report import format_problems

    if fmt == "text" and color:
        return colored_text(problems)
    return format_problems(problems, fmt, files=files)


class Progress:
    """`[i/n] label` on stderr, overwritten in place; a no-op unless `enabled`. Use as a context manager."""

    def __init__(self, total: int, enabled: bool, stream: IO[str] | None = None) -> None:
        self.total = total
        self.enabled = enabled
        self.done = 0
        self._stream = stream
        self._shown = False

    @classmethod
    def for_batch(cls, total: int, quiet: bool) -> Progress:
        """Progress for a batch of `total` inputs: on when stderr is a terminal, total > 1 and not quiet."""
        return cls(total, total > 1 and not quiet and _isatty(sys.stderr))

    @property
    def stream(self) -> IO[str]:
        return self._stream if self._stream is not None else sys.stderr

    def step(self, label: str) -> None:
        """Count one more input done (or started) and show it."""
        self.done += 1
        if not self.enabled:
            return
        text = f"[{self.done}/{self.total}] {visible(label)}"
        width = shutil.get_terminal_size((80, 24)).columns - 1
        if len(text) > width:
            text = text[: max(width - 1, 0)] + "…"
        self.stream.write("\r\x1b[K" + text)
        self.stream.flush()
        self._shown = True

    def clear(self) -> None:
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.clear()


# --- exit status ---------------------------------------------------------------------------------------

INTERNAL_ERROR = 3
INTERRUPTED = 130
OUTPUT_CLOSED = 141  # 128 + SIGPIPE: what a shell reports for a program ended by a closed pipe (`| head`)
BUG_REPORT = ("triplea-compiler: this is a bug; please report it with the command line and its input at "
              "https://github.com/triplea-compiler/triplea-compiler/issues (TRIPLEA_COMPILER_TRACEBACK=1 shows "
              "where it happened)")


def report_escaped(exc: Exception) -> int:
    """Print an exception that escaped a command, in one or two lines (never a traceback, unless
    TRIPLEA_COMPILER_TRACEBACK is set); its exit status: 2 for unreadable or unwritable input, 1 for
    problems that stop a command, 3 for anything else (a bug)."""
    if isinstance(exc, InputError):
        click.echo(str(exc.as_problem()), err=True)
        return 2
    if isinstance(exc, ProblemsFound):
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        return 1
    if os.environ.get("TRIPLEA_COMPILER_TRACEBACK"):
        import traceback

        traceback.print_exception(exc)
    message = " ".join(str(exc).split())
    if len(message) > 300:
        message = message[:300] + "..."
    click.echo(f"triplea-compiler: internal error: {type(exc).__name__}: {message}", err=True)
    click.echo(BUG_REPORT, err=True)
    return INTERNAL_ERROR


def silence_stdout() -> None:
    """After the reader of stdout went away: send what is left to /dev/null (no second error at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


@contextmanager
def exits_on_bad_input(problems_status: int = 2) -> Iterator[None]:
    """Unreadable input (InputError) and the problems that stop a command (ProblemsFound) are printed on
    stderr, located, and end the command: exit 2, or `problems_status` for ProblemsFound."""
    try:
        yield
    except (InputError, ProblemsFound) as exc:
        status = report_escaped(exc)
        sys.exit(problems_status if isinstance(exc, ProblemsFound) else status)


def reads_stdin(paths: tuple[Path, ...], param_hint: str) -> bool:
    """Whether the command line names stdin (`-`) among `paths`; a usage error when it does so twice."""
    count = sum(str(path) == STDIN for path in paths)
    if count > 1:
        raise click.BadParameter("stdin ('-') can be read only once", param_hint=param_hint)
    return count == 1


def binary_stdin() -> BinaryIO:
    """Standard input as bytes: the buffer under a text stdin (click's test runner's too), or stdin itself when
    it is binary already (click.get_binary_stream is deprecated in click 8.5)."""
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    return cast(BinaryIO, buffer if buffer is not None else stream)


def read_stdin(kind: str) -> bytes:
    """Standard input holding a `kind` of input ("game XML", "spec": a key of limits.SIZE), at most that
    kind's size; InputError (located at `<stdin>`) when larger."""
    max_bytes = SIZE[kind]
    data = read_capped(binary_stdin(), max_bytes)
    if len(data) > max_bytes:
        raise InputError(f"{kind} on stdin is larger than {size_text(max_bytes)}", Location(STDIN_NAME, 1, 1),
                         "unreadable")
    return data


def read_stdin_text(kind: str) -> str:
    """Standard input as UTF-8 text (see read_stdin); InputError when too large or not UTF-8."""
    try:
        return read_stdin(kind).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{kind} on stdin is not UTF-8 text: {exc.reason}", Location(STDIN_NAME, 1, 1),
                         "unreadable") from None
