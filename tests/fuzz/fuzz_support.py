"""What the fuzz suite shares: mutations of real inputs (Hypothesis strategies), the command line run in
process, and a count of the cases each reader saw (printed at the end of the run).

A mutation is a few edits of a seed document: a byte flipped, a slice deleted, duplicated or cut off, a
hostile snippet inserted (aliases, tags, huge numbers, deep brackets, entities, NULs, bad UTF-8), or one
of the seed's own words put in place of another (names that do not fit). Hypothesis is seeded
(derandomize) and bounded (max_examples, a deadline per case), so the run is the same everywhere.
"""

from __future__ import annotations

import os
import re
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from compiler.cli import main

CASES: Counter[str] = Counter()
"""reader -> cases run (the terminal summary prints it)"""

SCALE = float(os.environ.get("TRIPLEA_FUZZ_SCALE", "1"))
"""more (or fewer) cases than CI runs: TRIPLEA_FUZZ_SCALE=10 for a long local run"""


def fuzz(examples: int) -> settings:
    """Hypothesis settings for a reader: seeded, `examples` cases (times SCALE), 5 s a case at most."""
    return settings(max_examples=max(1, int(examples * SCALE)), derandomize=True, database=None,
                    deadline=timedelta(seconds=5), print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])

COMMON = [b"\x00", b"\xff\xfe", "\u00e9\u2603".encode(), b"\r\n", b"\t", b"9" * 5000, b"-2147483649", b"0",
          b"2147483648", b"1e400", b"NaN", b"\\", b"'", b'"', b"\n", b" "]
YAML_SNIPPETS = [*COMMON, b"&a [1, 2, 3]", b"*a", b"*nowhere", b"<<: *a\n", b"!!python/object/apply:os.system ['x'] ",
                 b"!!binary aGk= ", b"!foo ", b"!!set {a} ", b"[" * 300, b"{a: " * 300, b"- " * 300, b"? ",
                 b": ", b"- ", b"#", b"---\n", b"...\n", b"%YAML 1.1\n", b"~", b"null", b"yes", b"0x80000000",
                 b"0o17", b".inf", b"{", b"}", b"[", b"]", b",", b"|\n", b">-\n", b"  " * 40]
XML_SNIPPETS = [*COMMON, b"<!DOCTYPE game [<!ENTITY a 'xx'>]>", b"<!DOCTYPE game [<!ENTITY b SYSTEM 'file:///etc/passwd'>]>",
                b"&a;", b"&b;", b"&#0;", b"&#x110000;", b"<x/>" * 200, b"<", b">", b"</", b"/>", b"<!--", b"-->",
                b"<![CDATA[", b"]]>", b'="', b"<?xml version='1.0'?>", b'<option name="x" value="y"/>',
                b'<attachment name="a" attachTo="b" javaClass="c" type="unitType">', b"</attachment>",
                b'<territory name="T"/>', b'<connection t1="A" t2="B"/>', b'quantity="99999999999"',
                b'value="-1"', b"<" + b"a" * 300 + b">", b'x="1" ' * 200]
JSON_SNIPPETS = [*COMMON, b"[" * 300, b"{", b"}", b"[", b"]", b",", b":", b"null", b"true", b"1e999",
                 b'{"type": "move"}', b'"units": {}', b'"route": []', b'"round": -1']
MAP_TEXT_SNIPPETS = [*COMMON, b"(2147483648,1)", b"(-99999999999,0)", b"(1e9,2)", b"(1,2", b"1,2)", b"(,)", b"<", b">",
                     b"\xe9", b"\xef\xbb\xbf", b"\r", b"\x00", b"::error::x\n", b"=" * 40, b"units.scale=1e400\n",
                     b"map.width=99999999999\n", b"(0,0) " * 500, b"  " * 40, b"\n" * 20]
SAVE_SNIPPETS = [*COMMON, b"\x70" * 64, b"\x71\x00\x7e\x00\x00", b"\x75\x72", b"\x74\xff\xff", b"\x7c" + b"\xff" * 8,
                 b"\x73\x72\x00\x03abc", b"\x78", b"\x77\xff", b"\x7a\x7f\xff\xff\xff", b"\xac\xed\x00\x05"]

_WORD = re.compile(rb"[A-Za-z][A-Za-z0-9_]{2,}")
KINDS = ("flip", "delete", "duplicate", "truncate", "insert", "insert", "word", "word")


@st.composite
def mutated(draw: st.DrawFn, seed: bytes, snippets: list[bytes]) -> bytes:
    """`seed` with one to four edits (see the module docstring)."""
    data = bytearray(seed)
    words = list(dict.fromkeys(_WORD.findall(seed)))[:400]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(KINDS))
        at = draw(st.integers(0, len(data)))
        if kind == "flip" and data:
            data[min(at, len(data) - 1)] ^= draw(st.integers(1, 255))
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 200))]
        elif kind == "duplicate":
            data[at:at] = data[at:at + draw(st.integers(1, 2000))]
        elif kind == "truncate":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from(snippets)) * draw(st.sampled_from([1, 1, 1, 3, 100]))
        elif kind == "word" and len(words) > 1:
            old, new = draw(st.sampled_from(words)), draw(st.sampled_from(words))
            data = bytearray(bytes(data).replace(old, new, draw(st.integers(1, 3))))
    return bytes(data)


CASE_SECONDS = 10
"""a case running longer is a hang: interrupted, and the case fails (Hypothesis' deadline only measures)"""


class Hang(Exception):
    """A case ran over CASE_SECONDS."""


@contextmanager
def time_limit(seconds: float = CASE_SECONDS) -> Iterator[None]:
    """Interrupt the block (Hang) after `seconds` of wall time."""

    def interrupt(signum: int, frame: object) -> None:
        raise Hang(f"over {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(reader: str, *args: Any) -> tuple[int, str]:
    """The command line in process: the exit status must be one docs/commands.md promises for input (0, 1 or
    2), never 3 (an exception escaped) and never a traceback."""
    CASES[reader] += 1
    with time_limit():
        result = CliRunner().invoke(main, [str(a) for a in args], env={"NO_COLOR": "1"})
    output = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), f"exit {result.exit_code}: {output[-3000:]}"
    assert "Traceback" not in output and "internal error" not in output and "[internal-error]" not in output, output
    return result.exit_code, output
