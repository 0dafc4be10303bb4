"""The fuzz suite's count of cases per reader, printed at the end of the run."""

from __future__ import annotations

import pytest
from fuzz_support import CASES


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if CASES:
        counts = ", ".join(f"{reader} {count}" for reader, count in sorted(CASES.items()))
        terminalreporter.write_line(f"fuzz cases per reader: {counts} ({sum(CASES.values())} in all)")
