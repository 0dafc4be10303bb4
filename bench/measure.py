"""What the bench scripts measure a child process with: its CPU time and the environment it runs in."""

from __future__ import annotations

import os
import resource


def children_cpu() -> float:
    """CPU seconds (user + system) used so far by the finished children of this process."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def child_environment() -> dict[str, str]:
    """This environment without PYTHONDONTWRITEBYTECODE: with it every child would compile every module
    again (no bytecode cache written), which is not what users of an installed wheel see."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
